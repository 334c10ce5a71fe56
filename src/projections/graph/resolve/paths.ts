/** Repository-relative POSIX paths: no leading `./`, `/` separators, `""` for the root. */

export const dirname = (path: string): string => {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
};

export const basename = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

export const joinPath = (dir: string, rest: string): string => (dir === "" ? rest : rest === "" ? dir : `${dir}/${rest}`);

/** Resolves `.` and `..` segments; null when the path climbs above the root. */
export const normalizePath = (path: string): string | null => {
  const out: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length === 0) return null;
      out.pop();
      continue;
    }
    out.push(segment);
  }
  return out.join("/");
};

/** `a/b/c` gives `a/b/c`, `a/b`, `a`, `` — the directory itself first, the root last. */
export const ancestorsOf = (dir: string): string[] => {
  const out = [dir];
  let current = dir;
  while (current !== "") {
    current = dirname(current);
    out.push(current);
  }
  return out;
};

/** Every tail of the path at a `/` boundary: `a/b/c.py` gives `a/b/c.py`, `b/c.py`, `c.py`. */
export const suffixesOf = (path: string): string[] => {
  const out = [path];
  let i = path.indexOf("/");
  while (i !== -1) {
    out.push(path.slice(i + 1));
    i = path.indexOf("/", i + 1);
  }
  return out;
};
