import { normaliseLabel, type GraphProperties } from "../../events/index.js";

export interface NodeState {
  readonly label: string;
  readonly type: string | null;
  readonly properties: GraphProperties;
}

export interface EdgeState {
  readonly source: string;
  readonly target: string;
  readonly relation: string;
  readonly properties: GraphProperties;
}

/**
 * A scratch graph as its stream says it is at `version`: what the write side decides from
 * (whether a node exists, which edges a removal takes with it). Mutable: `applyGraphEvent`
 * folds events into it in stream order.
 */
export interface GraphState {
  version: number;
  /** Written to since it was created or last deleted: list_graphs lists it, even with no node left. */
  exists: boolean;
  readonly nodes: Map<string, NodeState>;
  /** Labels by their normalised form (see normaliseLabel): how a re-added node finds itself. */
  readonly byNorm: Map<string, Set<string>>;
  readonly edges: Map<string, EdgeState>;
  /** Keys of the edges each label touches (as source or target). */
  readonly incident: Map<string, Set<string>>;
}

export const emptyGraphState = (): GraphState => ({ version: 0, exists: false, nodes: new Map(), byNorm: new Map(), edges: new Map(), incident: new Map() });

/** An edge's identity: two nodes may be joined by several relations, but by each relation once. */
export const edgeKey = (source: string, target: string, relation: string): string => `${source}\u0000${target}\u0000${relation}`;

const link = <K, V>(map: Map<K, Set<V>>, key: K, value: V): void => {
  let set = map.get(key);
  if (set === undefined) map.set(key, (set = new Set()));
  set.add(value);
};

const unlink = <K, V>(map: Map<K, Set<V>>, key: K, value: V): void => {
  const set = map.get(key);
  if (set === undefined) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
};

const removeEdge = (state: GraphState, key: string): void => {
  const edge = state.edges.get(key);
  if (edge === undefined) return;
  state.edges.delete(key);
  unlink(state.incident, edge.source, key);
  unlink(state.incident, edge.target, key);
};

const removeNode = (state: GraphState, label: string): void => {
  if (!state.nodes.delete(label)) return;
  unlink(state.byNorm, normaliseLabel(label), label);
  // The log writes the edges' removals first; a node never leaves edges behind whatever the order.
  for (const key of [...(state.incident.get(label) ?? [])]) removeEdge(state, key);
};

/**
 * Folds one event of the graph's stream into `state` (the write side's view; the read model in
 * projections/scratch applies the same rules to its tables). Unknown types are not graph
 * events and are ignored. Payloads are taken as the log validated them at append.
 */
export const applyGraphEvent = (state: GraphState, type: string, data: unknown): void => {
  const d = data as Record<string, any>;
  state.exists = type !== "GraphDeleted";
  switch (type) {
    case "GraphNodeAdded":
    case "GraphNodeUpdated": {
      const old = state.nodes.get(d.label);
      state.nodes.set(d.label, {
        label: d.label,
        type: d.type ?? old?.type ?? null,
        properties: old === undefined ? d.properties : { ...old.properties, ...d.properties },
      });
      if (old === undefined) link(state.byNorm, normaliseLabel(d.label), d.label);
      return;
    }
    case "GraphNodeRemoved":
      removeNode(state, d.label);
      return;
    case "GraphEdgeAdded":
    case "GraphEdgeUpdated": {
      const key = edgeKey(d.source, d.target, d.relation);
      const old = state.edges.get(key);
      state.edges.set(key, {
        source: d.source,
        target: d.target,
        relation: d.relation,
        properties: old === undefined ? d.properties : { ...old.properties, ...d.properties },
      });
      link(state.incident, d.source, key);
      link(state.incident, d.target, key);
      return;
    }
    case "GraphEdgeRemoved":
      removeEdge(state, edgeKey(d.source, d.target, d.relation));
      return;
    case "GraphDeleted":
      state.nodes.clear();
      state.byNorm.clear();
      state.edges.clear();
      state.incident.clear();
      return;
  }
};

/**
 * The node a label names in `state`: the label itself, else the one node whose normalised form
 * is the same. Several such nodes ("API" and "Api") are ambiguous: their labels come back.
 */
export const nodeNamed = (state: GraphState, label: string): { readonly found: NodeState } | { readonly ambiguous: ReadonlyArray<string> } | null => {
  const exact = state.nodes.get(label);
  if (exact !== undefined) return { found: exact };
  const norm = normaliseLabel(label);
  if (norm === "") return null;
  const same = [...(state.byNorm.get(norm) ?? [])];
  if (same.length === 1) return { found: state.nodes.get(same[0]!)! };
  return same.length > 1 ? { ambiguous: same.sort() } : null;
};
