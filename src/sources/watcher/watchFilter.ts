import type { Stats } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";
import type { DirectoryRules } from "../scan/index.js";

/**
 * chokidar's `ignored` predicate: the scan's own rules (defaults, config globs, .gitignore,
 * git's tracked files), so nothing the index drops is watched — build output and dependencies
 * would cost a watch per file for nothing. A file in no indexed language is not watched either,
 * except a .gitignore: its change can make any file below it indexed or ignored.
 *
 * chokidar asks once without stats and once with; without, a path is ignored only when it would
 * be both as a file and as a directory.
 */
export const watchFilter = (
  root: string,
  rules: () => DirectoryRules,
  languageOf: (rel: string) => string | null,
): ((path: string, stats?: Stats) => boolean) => {
  return (path, stats) => {
    const rel = (isAbsolute(path) ? relative(root, path) : path).split(sep).join("/");
    if (rel === "" || rel === ".") return false;
    if (rel === ".." || rel.startsWith("../")) return true;
    if (rel === ".gitignore" || rel.endsWith("/.gitignore")) return false;
    const r = rules();
    if (stats === undefined) return r.ignores(rel, true) && r.ignores(rel, false);
    if (stats.isDirectory()) return r.ignores(rel, true);
    // A symlink to a directory is recorded as skipped whatever its name: the language does not decide.
    if (stats.isSymbolicLink()) return r.ignores(rel, false);
    return r.ignores(rel, false) || languageOf(rel) === null;
  };
};
