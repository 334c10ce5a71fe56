import type { Lookup } from "../Lookup.js";
import { basename, dirname, joinPath } from "../paths.js";
import { MISSING, externalTarget, fileTarget, type ModuleTarget } from "./ModuleTarget.js";

/** Directory holding the children of the module a file defines (`a.rs` → `a/`, `mod.rs` → its dir). */
const childDir = (path: string): string => {
  const name = basename(path);
  if (name === "mod.rs" || name === "lib.rs" || name === "main.rs") return dirname(path);
  return path.slice(0, -".rs".length);
};

const probe = (lookup: Lookup, base: string): string | null => {
  for (const c of [`${base}.rs`, `${base}/mod.rs`]) if (lookup.exists(c)) return c;
  return null;
};

/** The file defining the module whose children live in `dir` (`dir.rs`, `dir/mod.rs`, or a crate root). */
const moduleFileOf = (lookup: Lookup, dir: string): string | null =>
  probe(lookup, dir) ?? (lookup.exists(joinPath(dir, "lib.rs")) ? joinPath(dir, "lib.rs") : lookup.exists(joinPath(dir, "main.rs")) ? joinPath(dir, "main.rs") : null);

/** The crate root (`src/lib.rs` or `src/main.rs`) above a file, from the nearest Cargo.toml. */
const crateRoot = (lookup: Lookup, fromPath: string): string | null => {
  let best: string | null = null;
  for (const { path, manifest } of lookup.manifests()) {
    if (manifest.kind !== "cargo") continue;
    const dir = dirname(path);
    if (dir !== "" && !fromPath.startsWith(`${dir}/`)) continue;
    if (best === null || dir.length > best.length) best = dir;
  }
  if (best === null) return null;
  return joinPath(best, "src");
};

/**
 * Resolves `crate::a::b`, `self::x`, `super::x` and `mod x;` (a bare name) to the deepest
 * module file that exists; the remaining segments name items inside it.
 */
export const resolveRustModule = (lookup: Lookup, fromPath: string, spec: string): { target: ModuleTarget; rest: string[] } => {
  const segments = spec.split("::").filter((s) => s !== "" && s !== "{" && !s.startsWith("{"));
  let dir: string | null;
  let i = 0;
  if (segments[0] === "crate") {
    dir = crateRoot(lookup, fromPath);
    i = 1;
  } else if (segments[0] === "self") {
    dir = childDir(fromPath);
    i = 1;
  } else if (segments[0] === "super") {
    dir = dirname(childDir(fromPath));
    i = 1;
    while (segments[i] === "super") {
      dir = dirname(dir);
      i++;
    }
  } else if (segments.length === 1) {
    dir = childDir(fromPath);
  } else {
    return { target: externalTarget(segments[0] ?? spec), rest: [] };
  }
  if (dir === null) return { target: MISSING, rest: [] };
  // The file of the module the walk starts in: this file for `self`, the parent's for `super`.
  let found: string | null = null;
  if (segments[0] === "self") found = fromPath;
  else if (segments[0] === "crate" || segments[0] === "super") found = moduleFileOf(lookup, dir);
  let j = i;
  for (; j < segments.length; j++) {
    const next = probe(lookup, joinPath(dir, segments[j]!));
    if (next === null) break;
    found = next;
    dir = childDir(next);
  }
  return found !== null ? { target: fileTarget(found), rest: segments.slice(j) } : { target: MISSING, rest: [] };
};
