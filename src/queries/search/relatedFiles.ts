import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import { adjacency, KIND_NUMBER, nodesByNumber } from "../graph/adjacency.js";
import { nodeIndex } from "../symbols/nodeIndex.js";

/** The two graph questions related files need; GraphReader answers both, and so does `loadFileNeighbours`. */
export interface FileNeighbours {
  importsOf(path: string): Promise<string[]>;
  dependentsOf(path: string): Promise<string[]>;
}

/**
 * Every file's imports and importers, answering as GraphReader's importsOf and dependentsOf do
 * (sorted, each path once), from maps built over the edges in memory: what a long-lived process
 * keeps until the graph changes, instead of two graph scans per file of every search answer.
 * As GraphReader asks them: a file imports what its own IMPORTS reach (a file, or a symbol's
 * file); anything importing a file or one of its symbols, a file or a symbol, depends on it.
 */
export const loadFileNeighbours = async (graph: GraphQueryable): Promise<FileNeighbours> => {
  const adj = await adjacency(graph);
  const nodes = nodesByNumber(adj, await nodeIndex(graph));
  const imports = new Map<string, Set<string>>();
  const dependents = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, value: string) => {
    const set = map.get(key);
    if (set) set.add(value);
    else map.set(key, new Set([value]));
  };
  const IMPORTS = KIND_NUMBER.get("IMPORTS")!;
  for (let n = 0; n < nodes.length; n++) {
    const a = nodes[n]!;
    if (a.table === "External" || a.path === null) continue;
    for (let e = adj.out.start[n]!; e < adj.out.start[n + 1]!; e++) {
      if (adj.out.kind[e] !== IMPORTS) continue;
      const b = nodes[adj.out.far[e]!]!;
      if (b.table === "External" || b.path === null) continue;
      if (a.table === "File" && a.path !== b.path) add(imports, a.path, b.path);
      add(dependents, b.path, a.path);
    }
  }
  const sorted = (set: Set<string> | undefined) => [...(set ?? [])].sort();
  return {
    importsOf: async (path) => sorted(imports.get(path)),
    dependentsOf: async (path) => sorted(dependents.get(path)),
  };
};

/**
 * Graph neighbours of the files a search ranked: what each imports and what imports it, minus
 * files already in the answer, so an agent sees the code around a hit and not the hit twice.
 */
export const relatedFiles = async (
  graph: FileNeighbours,
  files: ReadonlyArray<string>,
  perFile = 5,
): Promise<Map<string, string[]>> => {
  const inAnswer = new Set(files);
  const out = new Map<string, string[]>();
  for (const file of files) {
    const [imports, dependents] = await Promise.all([graph.importsOf(file), graph.dependentsOf(file)]);
    const seen = new Set<string>();
    const related: string[] = [];
    for (const p of [...imports, ...dependents]) {
      if (inAnswer.has(p) || seen.has(p)) continue;
      seen.add(p);
      related.push(p);
      if (related.length >= perFile) break;
    }
    out.set(file, related);
  }
  return out;
};
