import type { GraphQueryable } from "../projections/index.js";
import { changedFilesBetween, readGraphState, type GraphState } from "./graphChanges.js";

/**
 * The graph for the length of one question (a tool call): its state is read once, when a
 * per-state load is first asked for, rather than before each of them (a dozen Checkpoint
 * queries for one `get_dependencies`, a thread-pool round trip each). What a question loads is
 * then what the graph held when it began, unless it changed and nothing was loaded for that state yet.
 */
export const pinGraph = (graph: GraphQueryable): GraphQueryable => {
  const base = pinnedBase.get(graph) ?? graph;
  let state: Promise<GraphState> | null = null;
  const pinned: GraphQueryable = { query: (cypher, params) => base.query(cypher, params) };
  pinnedBase.set(pinned, base);
  pinnedState.set(pinned, () => (state ??= readGraphState(base)));
  return pinned;
};

const pinnedBase = new WeakMap<GraphQueryable, GraphQueryable>();
const pinnedState = new WeakMap<GraphQueryable, () => Promise<GraphState>>();

/**
 * Brings a value loaded at an earlier state up to the present one, given the files whose nodes
 * or outgoing edges changed in between (possibly none: then return `previous` itself, so what
 * is derived from it stays valid). The result must equal a fresh load.
 */
export type GraphUpdate<T> = (previous: T, changed: ReadonlySet<string>, graph: GraphQueryable) => Promise<T>;

/** Change lists between two states, shared by the per-state values that move together. */
const changes = new WeakMap<GraphQueryable, Map<string, Promise<ReadonlySet<string> | null>>>();
const changedFiles = (graph: GraphQueryable, from: GraphState, to: GraphState): Promise<ReadonlySet<string> | null> => {
  let byPair = changes.get(graph);
  if (byPair === undefined) changes.set(graph, (byPair = new Map()));
  const pair = `${from.key}\u0000${to.key}`;
  let found = byPair.get(pair);
  if (found === undefined) {
    // Only the latest few pairs matter: every value moves from the state it holds to the present.
    if (byPair.size > 16) byPair.clear();
    byPair.set(pair, (found = changedFilesBetween(graph, from, to)));
  }
  return found;
};

/**
 * `load` made to run once per graph state: its result is kept per graph until the graph's
 * checkpoint moves (a write commits with its checkpoint, so an unchanged checkpoint is an
 * unchanged graph), and shared by every call meanwhile. With `update`, a move by a few files
 * changes the kept value by those files (see `changedFilesBetween`) instead of loading it all
 * again. The state is read before the load: a load that sees a newer graph is kept under an
 * older state and brought forward once more, never served past a change.
 */
export const perGraphState = <T>(
  load: (graph: GraphQueryable) => Promise<T>,
  update?: GraphUpdate<T>,
): ((graph: GraphQueryable) => Promise<T>) => {
  const cache = new WeakMap<GraphQueryable, { readonly state: GraphState; readonly value: Promise<T> }>();
  return async (asked) => {
    const graph = pinnedBase.get(asked) ?? asked;
    const state = await (pinnedState.get(asked)?.() ?? readGraphState(graph));
    const cached = cache.get(graph);
    if (cached !== undefined && cached.state.key === state.key) return cached.value;
    const value =
      cached === undefined || update === undefined
        ? load(graph)
        : (async () => {
            const changed = await changedFiles(graph, cached.state, state);
            const previous = changed === null ? null : await cached.value.then((v) => ({ v }), () => null);
            return changed === null || previous === null ? load(graph) : update(previous.v, changed, graph);
          })();
    cache.set(graph, { state, value });
    value.catch(() => {
      if (cache.get(graph)?.value === value) cache.delete(graph);
    });
    return value;
  };
};
