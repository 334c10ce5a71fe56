import { fileNodeId, type GraphQueryable } from "../../projections/index.js";
import { adjacency, KINDS, type Adjacency } from "../graph/adjacency.js";
import { nodeIndex, nodeOf, type NodeIndex } from "../symbols/nodeIndex.js";

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

/** Every file's links, as `FileLinks.linkedFiles` gives them, by file. */
export interface FileLinkMap {
  get(path: string): ReadonlyMap<string, number> | undefined;
}

const LINK_KINDS = new Set(["CALLS", "IMPORTS"]);

/**
 * Every file's links, each worked out on first ask and kept: the file's nodes (its File node
 * and its symbols) and their calls and imports either way, counted by the other end's file.
 * Read from the edges in memory, which the graph tools keep for the same graph state, so a
 * graph change costs nothing here until a search asks (Kuzu has no index on `path`: asking
 * it per search scanned the graph each time; counting every file's links at each change cost
 * ~100 ms of CPU on sympy).
 */
export const loadFileLinks = async (graph: GraphQueryable): Promise<FileLinkMap> => {
  const adj = await adjacency(graph);
  const index = await nodeIndex(graph);
  const wanted = KINDS.map((k) => LINK_KINDS.has(k));
  // External nodes have no path: only File and Symbol ends count. Looked up per edge asked about:
  // aligning every node with its number up front cost ~20 ms per graph change on sympy.
  const pathOf = (n: number) => {
    const node = nodeOf(index, adj.ids[n]!);
    return node.table === "External" ? null : node.path;
  };
  const kept = new Map<string, ReadonlyMap<string, number> | undefined>();
  return {
    get(path) {
      if (kept.has(path)) return kept.get(path);
      const near = new Map<string, number>();
      for (const n of ownNodes(adj, index, path)) {
        for (const side of [adj.out, adj.in]) {
          for (let e = side.start[n]!; e < side.start[n + 1]!; e++) {
            if (!wanted[side.kind[e]!]) continue;
            const other = pathOf(side.far[e]!);
            if (other !== null && other !== path) near.set(other, (near.get(other) ?? 0) + 1);
          }
        }
      }
      const links = near.size > 0 ? near : undefined;
      kept.set(path, links);
      return links;
    },
  };
};

/** The adjacency numbers of a file's nodes: its File node and its symbols. */
export const ownNodes = (adj: Adjacency, index: NodeIndex, path: string): number[] => {
  const out: number[] = [];
  const file = adj.numbers.get(fileNodeId(path));
  if (file !== undefined) out.push(file);
  for (const s of index.symbolsByPath.get(path) ?? []) {
    const n = adj.numbers.get(s.id);
    if (n !== undefined) out.push(n);
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
