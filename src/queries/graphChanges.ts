import type { GraphQueryable } from "../projections/index.js";

/** One state of the graph, as its checkpoint row says: equal keys, equal graphs. */
export interface GraphState {
  readonly key: string;
  /** The graph checkpoint's log position (0 before the first write). */
  readonly position: number;
  readonly version: number;
}

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

/** The graph's state (writes and checkpoints commit together, so the checkpoint names the graph). */
export const readGraphState = async (graph: GraphQueryable): Promise<GraphState> => {
  const rows = await graph.query("MATCH (c:Checkpoint) RETURN c.name AS name, c.position AS position, c.version AS version");
  const own = rows.find((r) => r.name === "graph");
  return {
    key: rows
      .map((r) => `${str(r.name)}@${str(r.position)}v${str(r.version)}`)
      .sort()
      .join(","),
    position: Number(own?.position ?? 0),
    version: Number(own?.version ?? 0),
  };
};

/**
 * The files whose nodes or outgoing edges changed between two states of the graph, from the
 * change rows its writes record (GraphChange in kuzuSchema.ts); null when they do not link
 * `from` to `to` without a gap (a rebuild, a bulk load, rows pruned, a store older than them):
 * the caller then reloads everything. Edges into a changed file from other files are not listed:
 * the projector re-resolves and lists every file whose edges it rewrites.
 */
export const changedFilesBetween = async (graph: GraphQueryable, from: GraphState, to: GraphState): Promise<ReadonlySet<string> | null> => {
  if (from.version !== to.version || from.position > to.position || from.position === 0) return null;
  if (from.position === to.position) return new Set();
  let rows;
  try {
    rows = await graph.query(
      "MATCH (g:GraphChange) WHERE g.position > $from AND g.position <= $to RETURN g.position AS position, g.previous AS previous, g.paths AS paths ORDER BY position",
      { from: from.position, to: to.position },
    );
  } catch {
    return null;
  }
  const paths = new Set<string>();
  let at = from.position;
  for (const r of rows) {
    if (Number(r.previous) !== at) return null;
    at = Number(r.position);
    for (const p of JSON.parse(String(r.paths)) as string[]) paths.add(p);
  }
  return at === to.position ? paths : null;
};

/** Whether node `id` (`f:<path>`, `s:<path>#<name>`) belongs to one of `paths`; an external belongs to none. */
export const nodeInFiles = (id: string, paths: ReadonlySet<string>): boolean => {
  if (id.startsWith("f:")) return paths.has(id.slice(2));
  if (!id.startsWith("s:")) return false;
  // A path may itself hold a '#': try each one as the end of the path.
  for (let i = id.indexOf("#"); i >= 0; i = id.indexOf("#", i + 1)) if (paths.has(id.slice(2, i))) return true;
  return false;
};
