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

type Manifests = ReturnType<Lookup["manifests"]>;

/** One PSR-4 prefix of a composer.json and its folders, each already joined to the manifest's folder (null: above the root). */
interface Psr4Root {
  readonly prefix: string;
  readonly dirs: ReadonlyArray<string | null>;
}

const psr4ByManifests = new WeakMap<Manifests, readonly Psr4Root[]>();

/**
 * The PSR-4 prefixes of every composer.json, in the order of the manifests and of each one's
 * prefixes. Worked out once per set of manifests (the table hands back the same list until one
 * changes), not on every name: a package of many components has dozens of composer.json files.
 */
const psr4Roots = (manifests: Manifests): readonly Psr4Root[] => {
  let roots = psr4ByManifests.get(manifests);
  if (roots === undefined) {
    roots = manifests.flatMap(({ path: manifestPath, manifest }) =>
      manifest.kind !== "composer"
        ? []
        : Object.entries(manifest.paths).map(([prefix, dirs]) => ({
            prefix,
            dirs: dirs.map((dir) => normalizePath(joinPath(dirname(manifestPath), dir.replace(/\/+$/, "")))),
          })),
    );
    psr4ByManifests.set(manifests, roots);
  }
  return roots;
};

/** The file PSR-4 (or the path) gives `full`, or with `dirOnly` the folder it would be in. */
const classFile = (lookup: Lookup, full: string, dirOnly = false): string | null => {
  let best: { prefix: string; path: string } | null = null;
  for (const { prefix, dirs } of psr4Roots(lookup.manifests())) {
    if (!full.startsWith(prefix) || (best !== null && prefix.length <= best.prefix.length)) continue;
    const rest = `${full.slice(prefix.length).replace(/\\/g, "/")}.php`;
    for (const dir of dirs) {
      // The folder is normalised already: normalising it again with `rest` gives the same path.
      const path = dir === null ? null : normalizePath(joinPath(dir, rest));
      if (path !== null && (dirOnly ? lookup.filesIn(dirname(path)).length > 0 : lookup.exists(path))) best = { prefix, path: dirOnly ? dirname(path) : path };
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
