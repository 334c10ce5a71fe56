import type { Lookup } from "../Lookup.js";
import { dirname, joinPath } from "../paths.js";
import { MISSING, externalTarget, type ModuleTarget } from "./ModuleTarget.js";

export const isGoSource = (path: string): boolean => path.endsWith(".go") && !path.endsWith("_test.go");

/** The files of the Go package in `dir` (tests of that package excluded). */
export const goPackageFiles = (lookup: Lookup, dir: string): readonly string[] => lookup.filesIn(dir).filter(isGoSource);

/**
 * The files of the package `path` belongs to that code in `path` can see: a package's own
 * `_test.go` files see each other (helpers shared across test files), its other files do not.
 */
export const goVisibleFiles = (lookup: Lookup, path: string): readonly string[] =>
  path.endsWith("_test.go") ? lookup.filesIn(dirname(path)).filter((p) => p.endsWith(".go")) : goPackageFiles(lookup, dirname(path));

/** Resolves a Go import path through the `module` line of the repository's go.mod files. */
export const resolveGoModule = (lookup: Lookup, spec: string): ModuleTarget => {
  let best: { name: string; dir: string } | null = null;
  for (const { path, manifest } of lookup.manifests()) {
    const name = manifest.kind === "gomod" ? manifest.name : null;
    if (name === null || (spec !== name && !spec.startsWith(`${name}/`))) continue;
    if (best === null || name.length > best.name.length) best = { name, dir: dirname(path) };
  }
  if (best === null) return externalTarget(spec);
  const dir = joinPath(best.dir, spec.slice(best.name.length + 1));
  const files = goPackageFiles(lookup, dir);
  return files.length > 0 ? { kind: "package", dir, files } : MISSING;
};
