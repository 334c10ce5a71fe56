import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import { queryAsList } from "../graph/queryAsList.js";

/** The two graph questions related files need; GraphReader answers both, and so does `loadFileNeighbours`. */
export interface FileNeighbours {
  importsOf(path: string): Promise<string[]>;
  dependentsOf(path: string): Promise<string[]>;
}

// As GraphReader asks them: a file imports what its own IMPORTS reach (a file, or a symbol's
// file); anything importing a file or one of its symbols, a file or a symbol, depends on it.
const IMPORTS = `MATCH (a:File:Symbol)-[:IMPORTS]->(b:File:Symbol) WITH DISTINCT a.path AS src, b.path AS dst, label(a) = 'File' AS fromFile`;

/**
 * Every file's imports and importers in one query, answering as GraphReader's importsOf and
 * dependentsOf do (sorted, each path once), from maps: what a long-lived process keeps until
 * the graph changes, instead of two graph scans per file of every search answer.
 */
export const loadFileNeighbours = async (graph: GraphQueryable): Promise<FileNeighbours> => {
  const imports = new Map<string, Set<string>>();
  const dependents = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, value: string) => {
    const set = map.get(key);
    if (set) set.add(value);
    else map.set(key, new Set([value]));
  };
  for (const r of await queryAsList(graph, IMPORTS, { src: "src", dst: "dst", fromFile: "fromFile" })) {
    const src = String(r.src);
    const dst = String(r.dst);
    if (r.fromFile === true && src !== dst) add(imports, src, dst);
    add(dependents, dst, src);
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
