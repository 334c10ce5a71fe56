/** Folders that mark a package boundary, read from the indexed files and the project tree. */
export interface ModuleMarkers {
  /** Folders holding an `__init__.py` (Python packages). */
  readonly pythonPackages: ReadonlySet<string>;
  /** Folders other than the root holding a `package.json` (JS/TS workspace packages). */
  readonly workspacePackages: ReadonlySet<string>;
}

/** Folders whose subfolders are the modules (`src/billing`), not the folder itself. */
const SOURCE_ROOTS = new Set(["src", "lib", "app", "source"]);

const dirname = (path: string): string => {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
};

/**
 * The module a project file belongs to, derived from its path alone:
 * - a file inside a workspace package (a folder with its own package.json) belongs to that package;
 * - a Go file to its directory (a Go package is a directory);
 * - a Python file inside a package (folders with `__init__.py`) to its top-level package, or to the
 *   top-level package's direct subpackage it lies in (`sympy/core`, not all of `sympy`);
 * - anything else to its first folder, or, under a source root (`src/`, `lib/`, `app/`), to the
 *   folder below it (`src/shapes`; files directly in `src/` make the module `src`);
 * - files at the project root to `.`.
 */
export const moduleOf = (path: string, markers: ModuleMarkers): string => {
  const dir = dirname(path);
  for (let d = dir; d !== ""; d = dirname(d)) if (markers.workspacePackages.has(d)) return d;
  if (path.endsWith(".go")) return dir === "" ? "." : dir;
  if (/\.pyi?$/.test(path) && markers.pythonPackages.has(dir)) {
    let top = dir;
    while (dirname(top) !== "" && markers.pythonPackages.has(dirname(top))) top = dirname(top);
    if (dir === top) return top;
    return `${top}/${dir.slice(top.length + 1).split("/")[0]!}`;
  }
  if (dir === "") return ".";
  const segments = dir.split("/");
  return SOURCE_ROOTS.has(segments[0]!) && segments.length > 1 ? `${segments[0]}/${segments[1]}` : segments[0]!;
};

/** The Python package folders among the indexed paths. */
export const pythonPackagesOf = (paths: Iterable<string>): Set<string> => {
  const out = new Set<string>();
  for (const p of paths) if (p === "__init__.py" || p.endsWith("/__init__.py")) out.add(dirname(p));
  return out;
};
