import type { GraphQueryable } from "../../projections/graph/GraphReader.js";

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

const ALL_LINKS = `MATCH (a:File:Symbol)-[:CALLS|IMPORTS]-(b:File:Symbol)
  WHERE b.path <> a.path
  RETURN a.path AS src, b.path AS dst, count(*) AS n`;

/**
 * `FileLinks` for a long-lived process (an engine answering many searches): every file pair
 * read in one query on first use (~0.7 s on sympy's 33k pairs), then each search is a map
 * lookup instead of a 15-60 ms graph query (Kuzu has no index on `path`). `refresh` drops the
 * map when the graph has changed.
 */
export const preloadedFileLinks = (graph: GraphQueryable): FileLinks & { load(): Promise<void>; refresh(): void } => {
  let all: Promise<Map<string, Map<string, number>>> | null = null;
  const load = () =>
    (all ??= graph.query(ALL_LINKS).then((rows) => {
      const out = new Map<string, Map<string, number>>();
      for (const r of rows) {
        const src = String(r.src);
        let near = out.get(src);
        if (!near) out.set(src, (near = new Map()));
        near.set(String(r.dst), (near.get(String(r.dst)) ?? 0) + Number(r.n));
      }
      return out;
    }));
  return {
    load: async () => {
      await load();
    },
    refresh: () => {
      all = null;
    },
    async linkedFiles(files) {
      const map = await load();
      const out = new Map<string, Map<string, number>>();
      for (const f of files) {
        const near = map.get(f);
        if (near) out.set(f, near);
      }
      return out;
    },
  };
};
