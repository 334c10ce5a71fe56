import { adjacency, KIND_NUMBER } from "../graph/adjacency.js";
import { fileNodeId, type GraphQueryable } from "../../projections/index.js";
import { nodeIndex, nodeOf } from "../symbols/nodeIndex.js";
import { ownNodes } from "./fileLinks.js";

/** The two graph questions related files need; GraphReader answers both, and so does `loadFileNeighbours`. */
export interface FileNeighbours {
  importsOf(path: string): Promise<string[]>;
  dependentsOf(path: string): Promise<string[]>;
}

/**
 * Every file's imports and importers, answering as GraphReader's importsOf and dependentsOf do
 * (sorted, each path once), each worked out on first ask from the edges in memory: what a
 * long-lived process keeps until the graph changes, instead of two graph scans per file of every
 * search answer. As GraphReader asks them: a file imports what its own IMPORTS reach (a file, or
 * a symbol's file); anything importing a file or one of its symbols, a file or a symbol, depends on it.
 */
export const loadFileNeighbours = async (graph: GraphQueryable): Promise<FileNeighbours> => {
  const adj = await adjacency(graph);
  const index = await nodeIndex(graph);
  const IMPORTS = KIND_NUMBER.get("IMPORTS")!;
  const nodeAt = (n: number) => nodeOf(index, adj.ids[n]!);
  const pathOf = (n: number) => {
    const node = nodeAt(n);
    return node.table === "External" ? null : node.path;
  };
  const imports = new Map<string, string[]>();
  const dependents = new Map<string, string[]>();
  const importsOf = (path: string): string[] => {
    let found = imports.get(path);
    if (found !== undefined) return found;
    const out = new Set<string>();
    const file = adj.numbers.get(fileNodeId(path));
    if (file !== undefined && nodeAt(file).table === "File") {
      for (let e = adj.out.start[file]!; e < adj.out.start[file + 1]!; e++) {
        const to = adj.out.kind[e] === IMPORTS ? pathOf(adj.out.far[e]!) : null;
        if (to !== null && to !== path) out.add(to);
      }
    }
    imports.set(path, (found = [...out].sort()));
    return found;
  };
  const dependentsOf = (path: string): string[] => {
    let found = dependents.get(path);
    if (found !== undefined) return found;
    const out = new Set<string>();
    for (const n of ownNodes(adj, index, path)) {
      for (let e = adj.in.start[n]!; e < adj.in.start[n + 1]!; e++) {
        const from = adj.in.kind[e] === IMPORTS ? pathOf(adj.in.far[e]!) : null;
        if (from !== null) out.add(from);
      }
    }
    dependents.set(path, (found = [...out].sort()));
    return found;
  };
  return { importsOf: async (path) => importsOf(path), dependentsOf: async (path) => dependentsOf(path) };
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
