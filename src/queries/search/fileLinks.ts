import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import { adjacency, KINDS, nodesByNumber } from "../graph/adjacency.js";
import { nodeIndex } from "../symbols/nodeIndex.js";

/** Files joined to others by the code graph: what search needs to lift graph neighbours into its ranking. */
export interface FileLinks {
  /**
   * For each of `files`, the other project files one call or import away (either direction),
   * with how many such edges join the two.
   */
  linkedFiles(files: ReadonlyArray<string>): Promise<Map<string, Map<string, number>>>;
}

// Undirected: a file's callers and importers say as much about "the code around it" as its callees.
// External nodes have no path; restricting both ends to File and Symbol keeps them out.
const LINKS = `MATCH (a:File:Symbol)-[:CALLS|IMPORTS]-(b:File:Symbol)
  WHERE a.path IN $files AND b.path <> a.path
  RETURN a.path AS src, b.path AS dst, count(*) AS n`;

/** `FileLinks` answered by the Kuzu graph (the engine's projector or a read-only store): one query per search. */
export const graphFileLinks = (graph: GraphQueryable): FileLinks => ({
  async linkedFiles(files) {
    const out = new Map<string, Map<string, number>>();
    if (files.length === 0) return out;
    for (const r of await graph.query(LINKS, { files: [...files] })) {
      const src = String(r.src);
      let near = out.get(src);
      if (!near) out.set(src, (near = new Map()));
      near.set(String(r.dst), (near.get(String(r.dst)) ?? 0) + Number(r.n));
    }
    return out;
  },
});

/** Every file's links, as `FileLinks.linkedFiles` gives them for all files at once. */
export type FileLinkMap = ReadonlyMap<string, ReadonlyMap<string, number>>;

const LINK_KINDS = new Set(["CALLS", "IMPORTS"]);

/**
 * Every file pair joined by a call or an import, in either direction, with how many such edges
 * join them: what a long-lived process keeps until the graph changes (Kuzu has no index on
 * `path`, so asking per search scanned the graph each time). Counted over the edges in memory,
 * which the graph tools load for the same graph state anyway.
 */
export const loadFileLinks = async (graph: GraphQueryable): Promise<FileLinkMap> => {
  const adj = await adjacency(graph);
  const nodes = nodesByNumber(adj, await nodeIndex(graph));
  const out = new Map<string, Map<string, number>>();
  const add = (src: string, dst: string) => {
    let near = out.get(src);
    if (!near) out.set(src, (near = new Map()));
    near.set(dst, (near.get(dst) ?? 0) + 1);
  };
  // External nodes have no path: only File and Symbol ends count.
  const pathOf = (n: number) => (nodes[n]!.table === "External" ? null : nodes[n]!.path);
  const wanted = KINDS.map((k) => LINK_KINDS.has(k));
  for (let n = 0; n < nodes.length; n++) {
    const from = pathOf(n);
    if (from === null) continue;
    for (let e = adj.out.start[n]!; e < adj.out.start[n + 1]!; e++) {
      if (!wanted[adj.out.kind[e]!]) continue;
      const to = pathOf(adj.out.far[e]!);
      if (to === null || to === from) continue;
      add(from, to);
      add(to, from);
    }
  }
  return out;
};

/** `FileLinks` answered from every file's links, read before: each search is a map lookup. */
export const fileLinksFrom = (all: FileLinkMap): FileLinks => ({
  async linkedFiles(files) {
    const out = new Map<string, Map<string, number>>();
    for (const f of files) {
      const near = all.get(f);
      if (near) out.set(f, new Map(near));
    }
    return out;
  },
});

/**
 * `FileLinks` for a long-lived process that holds the graph itself: every file pair read on
 * first use (`loadFileLinks`), then map lookups. `refresh` drops the map when the graph has changed.
 */
export const preloadedFileLinks = (graph: GraphQueryable): FileLinks & { load(): Promise<void>; refresh(): void } => {
  let all: Promise<FileLinkMap> | null = null;
  const load = () => (all ??= loadFileLinks(graph));
  return {
    load: async () => {
      await load();
    },
    refresh: () => {
      all = null;
    },
    linkedFiles: async (files) => fileLinksFrom(await load()).linkedFiles(files),
  };
};
