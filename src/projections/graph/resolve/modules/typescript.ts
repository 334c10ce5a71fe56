import type { Manifest } from "../../../../events/index.js";
import type { Lookup } from "../Lookup.js";
import { ancestorsOf, basename, dirname, joinPath, normalizePath } from "../paths.js";
import { MISSING, externalTarget, fileTarget, type ModuleTarget } from "./ModuleTarget.js";

/** Extensions tried after a specifier without one, in the order TypeScript prefers them. */
const EXTENSIONS = [".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mts", ".cts", ".mjs", ".cjs"];
/** ESM code imports `./x.js` and means `./x.ts`: each emitted extension and its sources. */
const SOURCE_OF: Record<string, readonly string[]> = {
  ".js": [".ts", ".tsx", ".d.ts"],
  ".jsx": [".tsx"],
  ".mjs": [".mts", ".d.mts"],
  ".cjs": [".cts", ".d.cts"],
};
const KNOWN = /\.(d\.ts|tsx?|jsx?|mts|cts|mjs|cjs)$/;

/** The file a path denotes, probing extensions and `index` files. */
export const probeFile = (lookup: Lookup, base: string): string | null => {
  const emitted = /\.(jsx?|mjs|cjs)$/.exec(base);
  if (emitted !== null) {
    const stem = base.slice(0, emitted.index);
    for (const ext of SOURCE_OF[emitted[0]] ?? []) if (lookup.exists(stem + ext)) return stem + ext;
  }
  if (KNOWN.test(base) && lookup.exists(base)) return base;
  for (const ext of EXTENSIONS) if (lookup.exists(base + ext)) return base + ext;
  // `require('..')` from a top-level directory names the repository root (path "").
  const dir = base === "" ? "" : `${base}/`;
  for (const ext of EXTENSIONS) if (lookup.exists(`${dir}index${ext}`)) return `${dir}index${ext}`;
  return null;
};

const isRelative = (spec: string): boolean => spec === "." || spec === ".." || spec.startsWith("./") || spec.startsWith("../") || spec.startsWith("/");

/** `@scope/pkg/sub` gives [`@scope/pkg`, `sub`]; `pkg/a/b` gives [`pkg`, `a/b`]. */
export const splitPackage = (spec: string): [string, string] => {
  const parts = spec.split("/");
  const take = spec.startsWith("@") ? 2 : 1;
  return [parts.slice(0, take).join("/"), parts.slice(take).join("/")];
};

interface TsConfig {
  readonly dir: string;
  readonly manifest: Manifest;
}

type Manifests = readonly { readonly path: string; readonly manifest: Manifest }[];

/** The tsconfig governing a file: the nearest directory with one, `tsconfig.json` first. */
const nearestTsconfig = (manifests: Manifests, fromDir: string): { path: string; manifest: Manifest } | null => {
  const byDir = new Map<string, { path: string; manifest: Manifest }[]>();
  for (const m of manifests) {
    if (m.manifest.kind !== "tsconfig") continue;
    const dir = dirname(m.path);
    const list = byDir.get(dir) ?? [];
    list.push(m);
    byDir.set(dir, list);
  }
  for (const dir of ancestorsOf(fromDir)) {
    const list = byDir.get(dir);
    if (list === undefined) continue;
    const preferred = list.find((m) => basename(m.path) === "tsconfig.json" || basename(m.path) === "jsconfig.json");
    return preferred ?? list[0]!;
  }
  return null;
};

/** The chain of configs from `start` through `extends`, nearest first. */
const extendsChain = (manifests: Manifests, start: { path: string; manifest: Manifest }): TsConfig[] => {
  const byPath = new Map(manifests.map((m) => [m.path, m.manifest]));
  const chain: TsConfig[] = [];
  let current: { path: string; manifest: Manifest } | null = start;
  while (current !== null && chain.length < 8) {
    chain.push({ dir: dirname(current.path), manifest: current.manifest });
    const ext = current.manifest.extends;
    if (ext === null || !isRelative(ext)) break;
    const target = normalizePath(joinPath(dirname(current.path), ext));
    if (target === null) break;
    const path = target.endsWith(".json") ? target : `${target}.json`;
    const manifest = byPath.get(path);
    current = manifest !== undefined ? { path, manifest } : null;
  }
  return chain;
};

const matchPattern = (pattern: string, spec: string): string | null => {
  const star = pattern.indexOf("*");
  if (star === -1) return pattern === spec ? "" : null;
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1);
  if (spec.length < prefix.length + suffix.length || !spec.startsWith(prefix) || !spec.endsWith(suffix)) return null;
  return spec.slice(prefix.length, spec.length - suffix.length);
};

/** tsconfig `paths` then `baseUrl`, as tsc applies them. */
const viaTsconfig = (lookup: Lookup, manifests: Manifests, fromDir: string, spec: string): string | null => {
  const nearest = nearestTsconfig(manifests, fromDir);
  if (nearest === null) return null;
  const chain = extendsChain(manifests, nearest);
  const withBase = chain.find((c) => c.manifest.baseUrl !== null);
  const baseDir = withBase !== undefined ? normalizePath(joinPath(withBase.dir, withBase.manifest.baseUrl!)) : null;
  const withPaths = chain.find((c) => Object.keys(c.manifest.paths).length > 0);
  if (withPaths !== undefined) {
    const root = baseDir ?? withPaths.dir;
    let best: { stem: string; targets: readonly string[]; length: number } | null = null;
    for (const [pattern, targets] of Object.entries(withPaths.manifest.paths)) {
      const stem = matchPattern(pattern, spec);
      if (stem !== null && (best === null || pattern.length > best.length)) best = { stem, targets, length: pattern.length };
    }
    if (best !== null) {
      for (const target of best.targets) {
        const path = normalizePath(joinPath(root, target.replace("*", best.stem)));
        const found = path !== null ? probeFile(lookup, path) : null;
        if (found !== null) return found;
      }
    }
  }
  if (baseDir !== null) {
    const path = normalizePath(joinPath(baseDir, spec));
    return path !== null ? probeFile(lookup, path) : null;
  }
  return null;
};

/** A package of the workspace imported by name, through its `exports` (or `main`) map. */
const viaWorkspace = (lookup: Lookup, manifests: Manifests, spec: string): string | null | undefined => {
  const [name, rest] = splitPackage(spec);
  const pkg = manifests.find((m) => m.manifest.kind === "package" && m.manifest.name === name);
  if (pkg === undefined) return undefined;
  const dir = dirname(pkg.path);
  const subpath = rest === "" ? "." : `./${rest}`;
  const candidates: string[] = [];
  for (const [pattern, targets] of Object.entries(pkg.manifest.paths)) {
    const stem = matchPattern(pattern, subpath);
    if (stem === null) continue;
    for (const t of targets) candidates.push(t.replace("*", stem));
  }
  if (rest === "") candidates.push("./src/index", "./index");
  else candidates.push(`./src/${rest}`, `./${rest}`);
  for (const target of candidates) {
    const path = normalizePath(joinPath(dir, target));
    const found = path !== null ? probeFile(lookup, path) : null;
    if (found !== null) return found;
  }
  return null;
};

/** Resolves a TS/JS import specifier written in `fromPath`. */
export const resolveTsModule = (lookup: Lookup, fromPath: string, spec: string): ModuleTarget => {
  const fromDir = dirname(fromPath);
  if (isRelative(spec)) {
    const path = normalizePath(spec.startsWith("/") ? spec : joinPath(fromDir, spec));
    const found = path !== null ? probeFile(lookup, path) : null;
    return found !== null ? fileTarget(found) : MISSING;
  }
  const bare = spec.startsWith("node:") ? spec.slice(5) : spec;
  const manifests = lookup.manifests();
  const mapped = viaTsconfig(lookup, manifests, fromDir, bare);
  if (mapped !== null) return fileTarget(mapped);
  const workspace = viaWorkspace(lookup, manifests, bare);
  if (workspace !== undefined) return workspace !== null ? fileTarget(workspace) : MISSING;
  return externalTarget(splitPackage(bare)[0]);
};
