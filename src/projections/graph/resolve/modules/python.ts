import type { Lookup } from "../Lookup.js";
import { ancestorsOf, dirname, joinPath } from "../paths.js";
import { MISSING, externalTarget, fileTarget, type ModuleTarget } from "./ModuleTarget.js";

/** `a/b` as a module file or a package, stubs last. */
const probeModule = (lookup: Lookup, base: string): string | null => {
  const candidates = base === "" ? ["__init__.py", "__init__.pyi"] : [`${base}.py`, `${base}/__init__.py`, `${base}.pyi`, `${base}/__init__.pyi`];
  for (const c of candidates) if (lookup.exists(c)) return c;
  return null;
};

export const isPackageInit = (path: string): boolean => /(^|\/)__init__\.pyi?$/.test(path);

/** Directory whose files a module's relative imports start from. */
const packageDirOf = (path: string): string => dirname(path);

/**
 * Where an absolute module path lives. Any directory may be a source root (the repository
 * root, `src/`, a project folder) provided it is not itself a package; when several roots
 * hold the module, the one enclosing the importing file wins.
 */
const absoluteModule = (lookup: Lookup, fromPath: string, dotted: string): string | null => {
  const tail = dotted.split(".").join("/");
  const found: { path: string; root: string }[] = [];
  for (const suffix of [`${tail}.py`, `${tail}/__init__.py`, `${tail}.pyi`, `${tail}/__init__.pyi`]) {
    for (const path of lookup.endingWith(suffix)) {
      const root = path.length === suffix.length ? "" : path.slice(0, path.length - suffix.length - 1);
      if (root !== "" && (lookup.exists(`${root}/__init__.py`) || lookup.exists(`${root}/__init__.pyi`))) continue;
      if (!found.some((f) => f.root === root)) found.push({ path, root });
    }
  }
  if (found.length === 0) return null;
  if (found.length === 1) return found[0]!.path;
  const enclosing = new Set(ancestorsOf(dirname(fromPath)));
  let best: { path: string; root: string } | null = null;
  for (const f of found) if (enclosing.has(f.root) && (best === null || f.root.length > best.root.length)) best = f;
  if (best !== null) return best.path;
  const conventional = found.find((f) => f.root === "src") ?? null;
  return conventional?.path ?? null;
};

/** Resolves a Python module path (`a.b`, `.mod`, `..`) written in `fromPath` to its file. */
export const resolvePyModule = (lookup: Lookup, fromPath: string, dotted: string): ModuleTarget => {
  if (dotted.startsWith(".")) {
    let dots = 0;
    while (dotted.charAt(dots) === ".") dots++;
    let dir = packageDirOf(fromPath);
    for (let i = 1; i < dots; i++) {
      if (dir === "") return MISSING;
      dir = dirname(dir);
    }
    const rest = dotted.slice(dots);
    const found = probeModule(lookup, joinPath(dir, rest.split(".").join("/")));
    return found !== null ? fileTarget(found) : MISSING;
  }
  const found = absoluteModule(lookup, fromPath, dotted);
  return found !== null ? fileTarget(found) : externalTarget(dotted.split(".")[0]!);
};

/** The submodule `name` of a package file (`pkg/__init__.py` + `x` gives `pkg/x.py`), or null. */
export const submoduleOf = (lookup: Lookup, packageFile: string, name: string): string | null => {
  if (!isPackageInit(packageFile)) return null;
  return probeModule(lookup, joinPath(dirname(packageFile), name));
};
