import type { Lookup } from "../Lookup.js";
import { dirname, joinPath, normalizePath } from "../paths.js";
import { externalTarget, fileTarget, type ModuleTarget } from "./ModuleTarget.js";

/**
 * The file of the class (or function) `App\Models\User`: by the PSR-4 prefixes of the
 * project's composer.json files (`"App\\": "src/"` → `src/Models/User.php`), the longest
 * prefix first; else the one file of the project whose path ends with the name's segments
 * (`Models/User.php`, the leading vendor segment dropped if need be); else a vendor package,
 * external by its first two segments.
 */
export const resolvePhpName = (lookup: Lookup, name: string): ModuleTarget => {
  const full = name.replace(/^\\/, "");
  const file = classFile(lookup, full);
  if (file !== null) return fileTarget(file);
  // A function (`use function A\B\f;`, `\A\B\f()`): no file of its own, one of its namespace's.
  const cut = full.lastIndexOf("\\");
  const namespace = cut === -1 ? "" : full.slice(0, cut);
  const dir = cut === -1 ? null : classFile(lookup, `${namespace}\\__dir__`, true);
  if (dir !== null) {
    const files = lookup.filesIn(dir).filter((p) => p.endsWith(".php") && lookup.file(p)?.packageName === namespace);
    if (files.length > 0) return { kind: "package", dir, files };
  }
  return externalTarget(full.split("\\").slice(0, 2).join("\\"));
};

/** The file PSR-4 (or the path) gives `full`, or with `dirOnly` the folder it would be in. */
const classFile = (lookup: Lookup, full: string, dirOnly = false): string | null => {
  let best: { prefix: string; path: string } | null = null;
  for (const { path: manifestPath, manifest } of lookup.manifests()) {
    if (manifest.kind !== "composer") continue;
    for (const [prefix, dirs] of Object.entries(manifest.paths)) {
      if (!full.startsWith(prefix) || (best !== null && prefix.length <= best.prefix.length)) continue;
      const rest = `${full.slice(prefix.length).replace(/\\/g, "/")}.php`;
      for (const dir of dirs) {
        const path = normalizePath(joinPath(joinPath(dirname(manifestPath), dir.replace(/\/+$/, "")), rest));
        if (path !== null && (dirOnly ? lookup.filesIn(dirname(path)).length > 0 : lookup.exists(path))) best = { prefix, path: dirOnly ? dirname(path) : path };
      }
    }
  }
  if (best !== null) return best.path;
  if (dirOnly) return null;
  const segments = full.split("\\");
  for (let from = 0; from < segments.length; from++) {
    const matches = lookup.endingWith(`${segments.slice(from).join("/")}.php`);
    if (matches.length === 1) return matches[0]!;
    if (matches.length > 1) break;
  }
  return null;
};
