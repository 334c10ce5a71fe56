import type { ExtractedSymbol } from "../../../../events/index.js";
import type { Resolution } from "../Resolution.js";
import type { Target } from "../Target.js";

/**
 * The files `path` takes wholesale (`#include`, `require`), then theirs, breadth first to
 * `depth` levels, `path` itself first: where a name declared in no one place is looked for.
 */
export const reachableFiles = (r: Resolution, path: string, depth: number): string[] => {
  const out = [path];
  const seen = new Set(out);
  for (let i = 0, level = 0, levelEnd = 1; i < out.length; i++) {
    if (i === levelEnd) {
      level++;
      levelEnd = out.length;
      if (level > depth) break;
    }
    const scope = r.scope(out[i]!);
    if (scope === null) continue;
    for (const imp of scope.starModules) {
      const target = r.modules.module(scope, imp.specifier);
      if (target.kind === "file" && !seen.has(target.path)) {
        seen.add(target.path);
        out.push(target.path);
      }
    }
  }
  return out;
};

/** The first symbol whose qualified name is `qualifiedName` in one of `paths` (`A.B.f`: f in A::B). */
export const symbolByQualifiedName = (
  r: Resolution,
  paths: readonly string[],
  qualifiedName: string,
  accept: (s: ExtractedSymbol) => boolean,
): (Target & { kind: "symbol" }) | null => {
  for (const path of paths) {
    const symbol = r.scope(path)?.byId.get(qualifiedName);
    if (symbol !== undefined && accept(symbol)) return { kind: "symbol", path, symbol };
  }
  return null;
};
