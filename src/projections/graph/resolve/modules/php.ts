import { dirname, joinPath, normalizePath } from "../paths.js";
import { memoised, type TableReads } from "../recordedReads.js";
import { externalTarget, fileTarget, type ModuleTarget } from "./ModuleTarget.js";

/**
 * The file of the class (or function) `App\Models\User`: by the PSR-4 prefixes of the
 * project's composer.json files (`"App\\": "src/"` → `src/Models/User.php`), the longest
 * prefix first; else the one file of the project whose path ends with the name's segments
 * (`Models/User.php`, the leading vendor segment dropped if need be); else a vendor package,
 * external by its first two segments.
 *
 * Worked out once per name until a file is added, changed or removed (every file of a framework
 * names the same classes and misses the same global functions); a resolution reusing the answer
 * makes the same reads, in the same order, so its dependencies are those it would have had.
 */
export const resolvePhpName = (lookup: TableReads, name: string): ModuleTarget =>
  memoised(lookup, "php.names", name, (reads) => phpNameTarget(reads, name));

const phpNameTarget = (lookup: TableReads, name: string): ModuleTarget => {
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

type Manifests = ReturnType<TableReads["manifests"]>;

/** One PSR-4 prefix of a composer.json and its folders, each already joined to the manifest's folder (null: above the root). */
interface Psr4Root {
  /** Its place in the order the manifests and their prefixes come in: the first of equally long prefixes wins. */
  readonly order: number;
  readonly prefix: string;
  readonly dirs: ReadonlyArray<string | null>;
}

/** The PSR-4 roots by prefix; `loose` those whose prefix does not end at a namespace separator (found by testing each). */
interface Psr4Index {
  readonly byPrefix: ReadonlyMap<string, readonly Psr4Root[]>;
  readonly loose: readonly Psr4Root[];
}

const psr4ByManifests = new WeakMap<Manifests, Psr4Index>();

/**
 * The PSR-4 prefixes of every composer.json, indexed once per set of manifests (the table hands
 * back the same list until one changes), not walked on every name: a package of many components
 * has dozens of composer.json files.
 */
const psr4Index = (manifests: Manifests): Psr4Index => {
  let index = psr4ByManifests.get(manifests);
  if (index === undefined) {
    const byPrefix = new Map<string, Psr4Root[]>();
    const loose: Psr4Root[] = [];
    let order = 0;
    for (const { path: manifestPath, manifest } of manifests) {
      if (manifest.kind !== "composer") continue;
      for (const [prefix, dirs] of Object.entries(manifest.paths)) {
        const root = { order: order++, prefix, dirs: dirs.map((dir) => normalizePath(joinPath(dirname(manifestPath), dir.replace(/\/+$/, "")))) };
        if (!prefix.endsWith("\\")) loose.push(root);
        else {
          const same = byPrefix.get(prefix);
          if (same === undefined) byPrefix.set(prefix, [root]);
          else same.push(root);
        }
      }
    }
    index = { byPrefix, loose };
    psr4ByManifests.set(manifests, index);
  }
  return index;
};

/** The roots whose prefix `full` starts with, in their order. */
const rootsOf = (index: Psr4Index, full: string): Psr4Root[] => {
  const out: Psr4Root[] = [];
  for (let cut = full.indexOf("\\"); cut !== -1; cut = full.indexOf("\\", cut + 1)) {
    const roots = index.byPrefix.get(full.slice(0, cut + 1));
    if (roots !== undefined) for (const root of roots) out.push(root);
  }
  for (const root of index.loose) if (full.startsWith(root.prefix)) out.push(root);
  return out.sort((a, b) => a.order - b.order);
};

/** An empty, `.` or `..` segment: a path holding none is already normal. */
const ODD_SEGMENT = /(^|\/)\.{0,2}(\/|$)/;

/** The file PSR-4 (or the path) gives `full`, or with `dirOnly` the folder it would be in. */
const classFile = (lookup: TableReads, full: string, dirOnly = false): string | null => {
  let best: { prefix: string; path: string } | null = null;
  for (const { prefix, dirs } of rootsOf(psr4Index(lookup.manifests()), full)) {
    if (best !== null && prefix.length <= best.prefix.length) continue;
    const rest = `${full.slice(prefix.length).replace(/\\/g, "/")}.php`;
    const normal = !ODD_SEGMENT.test(rest);
    for (const dir of dirs) {
      // The folder is normalised already: with a `rest` that is too, joining them is normalising.
      const path = dir === null ? null : normal ? joinPath(dir, rest) : normalizePath(joinPath(dir, rest));
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
