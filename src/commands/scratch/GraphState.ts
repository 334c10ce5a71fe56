import { foldCase, normaliseLabel, type GraphProperties } from "../../events/index.js";

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
 * folds events into it in stream order. Kept for the life of the process for every graph
 * written to, so it holds each fact once: an edge is its key (ends and relation, see edgeOf)
 * and its properties, empty properties are one shared object, and labels are the nodes' own strings.
 */
export interface GraphState {
  version: number;
  /** Written to since it was created or last deleted: list_graphs lists it, even with no node left. */
  exists: boolean;
  readonly nodes: Map<string, NodeState>;
  /** Labels by their bucket (see labelBucket): how a re-added node finds itself. One label, or the set of them when several share it. */
  readonly byNorm: Map<string, string | Set<string>>;
  /** Each edge's properties by its edgeKey. */
  readonly edges: Map<string, GraphProperties>;
  /** Keys of the edges each label touches (as source or target). */
  readonly incident: Map<string, Set<string>>;
}

export const emptyGraphState = (): GraphState => ({ version: 0, exists: false, nodes: new Map(), byNorm: new Map(), edges: new Map(), incident: new Map() });

const SEPARATOR = "\u0000";

/**
 * An edge's identity: two nodes may be joined by several relations, but by each relation once.
 * Labels and relations hold no control character (validate.ts), so the key splits back. Joined
 * rather than concatenated: a concatenation is a tree of string pieces until read, and this
 * key is kept for every edge of every graph.
 */
export const edgeKey = (source: string, target: string, relation: string): string => [source, target, relation].join(SEPARATOR);

/** The edge a key and its properties stand for. */
export const edgeOf = (key: string, properties: GraphProperties): EdgeState => {
  const a = key.indexOf(SEPARATOR);
  const b = key.indexOf(SEPARATOR, a + 1);
  return { source: key.slice(0, a), target: key.slice(a + 1, b), relation: key.slice(b + 1), properties };
};

/** The one object every node or edge without properties holds (never mutated: a merge makes a new object). */
const NO_PROPERTIES: GraphProperties = Object.freeze({});
const kept = (properties: GraphProperties): GraphProperties => {
  for (const _ in properties) return properties;
  return NO_PROPERTIES;
};

/**
 * Where byNorm files a label: its normalised form without spaces. Labels of one normalised
 * form share it, and so do labels equal but for case, whose normalised forms may split words
 * apart differently ("UserDB" is "user db", "userdb" is "userdb"); `sameLabel` tells them apart.
 */
export const labelBucket = (label: string): string => normaliseLabel(label).replace(/ /g, "");

/**
 * Which of `candidates` (a bucket's labels) `label` names: those equal to it ignoring case, else
 * those of its normalised form ("Data Base" and "Database" share a bucket and stay apart).
 */
export const sameLabel = (label: string, candidates: Iterable<string>): string[] => {
  const list = [...candidates];
  const fold = foldCase(label);
  const byCase = list.filter((l) => foldCase(l) === fold);
  if (byCase.length > 0) return byCase;
  const norm = normaliseLabel(label);
  return list.filter((l) => normaliseLabel(l) === norm);
};

/** The labels filed under `bucket` (see labelBucket). */
export const labelsOfNorm = (state: GraphState, bucket: string): ReadonlyArray<string> => {
  const v = state.byNorm.get(bucket);
  return v === undefined ? [] : typeof v === "string" ? [v] : [...v];
};

const fileNorm = (state: GraphState, label: string): void => {
  const norm = labelBucket(label);
  const v = state.byNorm.get(norm);
  if (v === undefined) state.byNorm.set(norm, label);
  else if (typeof v === "string") {
    if (v !== label) state.byNorm.set(norm, new Set([v, label]));
  } else v.add(label);
};

const unfileNorm = (state: GraphState, label: string): void => {
  const norm = labelBucket(label);
  const v = state.byNorm.get(norm);
  if (v === undefined) return;
  if (typeof v === "string") {
    if (v === label) state.byNorm.delete(norm);
    return;
  }
  v.delete(label);
  if (v.size === 1) state.byNorm.set(norm, v.values().next().value!);
};

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
  if (!state.edges.delete(key)) return;
  const edge = edgeOf(key, NO_PROPERTIES);
  unlink(state.incident, edge.source, key);
  unlink(state.incident, edge.target, key);
};

const removeNode = (state: GraphState, label: string): void => {
  if (!state.nodes.delete(label)) return;
  unfileNorm(state, label);
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
        label: old?.label ?? d.label,
        type: d.type ?? old?.type ?? null,
        properties: kept(old === undefined ? d.properties : { ...old.properties, ...d.properties }),
      });
      if (old === undefined) fileNorm(state, d.label);
      return;
    }
    case "GraphNodeRemoved":
      removeNode(state, d.label);
      return;
    case "GraphEdgeAdded":
    case "GraphEdgeUpdated": {
      // The nodes' own strings: each event's payload holds copies of the labels.
      const source: string = state.nodes.get(d.source)?.label ?? d.source;
      const target: string = state.nodes.get(d.target)?.label ?? d.target;
      const key = edgeKey(source, target, d.relation);
      const old = state.edges.get(key);
      state.edges.set(key, kept(old === undefined ? d.properties : { ...old, ...d.properties }));
      if (old === undefined) {
        link(state.incident, source, key);
        link(state.incident, target, key);
      }
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
 * The node a label names in `state`: the label itself, else the one node equal to it but for
 * case, else the one of the same normalised form. Several such nodes ("API" and "Api") are
 * ambiguous: their labels come back.
 */
export const nodeNamed = (state: GraphState, label: string): { readonly found: NodeState } | { readonly ambiguous: ReadonlyArray<string> } | null => {
  const exact = state.nodes.get(label);
  if (exact !== undefined) return { found: exact };
  const bucket = labelBucket(label);
  if (bucket === "") return null;
  const same = sameLabel(label, labelsOfNorm(state, bucket));
  if (same.length === 1) return { found: state.nodes.get(same[0]!)! };
  return same.length > 1 ? { ambiguous: same.sort() } : null;
};
