import type { GraphQueryable } from "../projections/graph/GraphReader.js";

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

/** What the graph's checkpoints say about its state: equal keys, equal graphs (writes and checkpoints commit together). */
export const graphStateKey = async (graph: GraphQueryable): Promise<string> => {
  const rows = await graph.query("MATCH (c:Checkpoint) RETURN c.name AS name, c.position AS position, c.version AS version");
  return rows
    .map((r) => `${str(r.name)}@${str(r.position)}v${str(r.version)}`)
    .sort()
    .join(",");
};

/**
 * The graph for the length of one question (a tool call): its state is read once, when a
 * per-state load is first asked for, rather than before each of them (a dozen Checkpoint
 * queries for one `get_dependencies`, a thread-pool round trip each). What a question loads is
 * then what the graph held when it began, unless it changed and nothing was loaded for that state yet.
 */
export const pinGraph = (graph: GraphQueryable): GraphQueryable => {
  const base = pinnedBase.get(graph) ?? graph;
  let key: Promise<string> | null = null;
  const pinned: GraphQueryable = { query: (cypher, params) => base.query(cypher, params) };
  pinnedBase.set(pinned, base);
  pinnedKey.set(pinned, () => (key ??= graphStateKey(base)));
  return pinned;
};

const pinnedBase = new WeakMap<GraphQueryable, GraphQueryable>();
const pinnedKey = new WeakMap<GraphQueryable, () => Promise<string>>();

/**
 * `load` made to run once per graph state: its result is kept per graph until the graph's
 * checkpoint moves (a write commits with its checkpoint, so an unchanged checkpoint is an
 * unchanged graph), and shared by every call meanwhile. The key is read before the load: a load
 * that sees a newer graph is kept under an older key and done once more, never served past a change.
 */
export const perGraphState = <T>(load: (graph: GraphQueryable) => Promise<T>): ((graph: GraphQueryable) => Promise<T>) => {
  const cache = new WeakMap<GraphQueryable, { readonly key: string; readonly value: Promise<T> }>();
  return async (asked) => {
    const graph = pinnedBase.get(asked) ?? asked;
    const key = await (pinnedKey.get(asked)?.() ?? graphStateKey(graph));
    const cached = cache.get(graph);
    if (cached !== undefined && cached.key === key) return cached.value;
    const value = load(graph);
    cache.set(graph, { key, value });
    value.catch(() => {
      if (cache.get(graph)?.value === value) cache.delete(graph);
    });
    return value;
  };
};
