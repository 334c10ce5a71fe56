import type { GraphProperties } from "../../events/index.js";
import { edgeKey, edgeOf, labelBucket, labelsOfNorm, sameLabel, type EdgeState, type GraphState, type NodeState } from "./GraphState.js";

/** One event a command will append: type and payload. */
export interface DraftEvent {
  readonly type: string;
  readonly data: unknown;
}

export type NodeLookup = { readonly found: NodeState } | { readonly ambiguous: ReadonlyArray<string> } | null;

export type Change = "created" | "updated" | "unchanged";

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether merging `extra` into `base` changes nothing. */
const covers = (base: GraphProperties, extra: GraphProperties): boolean => Object.entries(extra).every(([k, v]) => Object.hasOwn(base, k) && sameJson(base[k], v));

/**
 * The changes one command is about to make, over the graph as its stream stands: every step
 * sees the steps before it (a batch that adds a node and then an edge to it), while the
 * state itself is left untouched, so a command that fails half-way or loses a race has changed
 * nothing. `events` are what to append, in order.
 */
export class GraphDraft {
  readonly events: DraftEvent[] = [];
  private readonly nodes = new Map<string, NodeState | null>();
  private readonly edges = new Map<string, EdgeState | null>();
  private readonly addedNorm = new Map<string, Set<string>>();

  constructor(private readonly state: GraphState) {}

  node(label: string): NodeState | undefined {
    const pending = this.nodes.get(label);
    return pending === undefined ? this.state.nodes.get(label) : (pending ?? undefined);
  }

  edge(key: string): EdgeState | undefined {
    const pending = this.edges.get(key);
    if (pending !== undefined) return pending ?? undefined;
    const properties = this.state.edges.get(key);
    return properties === undefined ? undefined : edgeOf(key, properties);
  }

  /** The node `label` names: itself, else the one node equal to it but for case, else the one of the same normalised form (see nodeNamed). */
  lookup(label: string): NodeLookup {
    const exact = this.node(label);
    if (exact !== undefined) return { found: exact };
    const bucket = labelBucket(label);
    if (bucket === "") return null;
    const live = new Set<string>();
    for (const l of labelsOfNorm(this.state, bucket)) if (this.node(l) !== undefined) live.add(l);
    for (const l of this.addedNorm.get(bucket) ?? []) if (this.node(l) !== undefined) live.add(l);
    const same = sameLabel(label, live);
    if (same.length === 1) return { found: this.node(same[0]!)! };
    return same.length > 1 ? { ambiguous: same.sort() } : null;
  }

  /** Adds a node, or merges type and properties into the one `label` names exactly. */
  putNode(label: string, type: string | null, properties: GraphProperties): Change {
    const old = this.node(label);
    if (old === undefined) {
      this.nodes.set(label, { label, type, properties });
      const bucket = labelBucket(label);
      let set = this.addedNorm.get(bucket);
      if (set === undefined) this.addedNorm.set(bucket, (set = new Set()));
      set.add(label);
      this.events.push({ type: "GraphNodeAdded", data: { label, type, properties } });
      return "created";
    }
    if ((type === null || type === old.type) && covers(old.properties, properties)) return "unchanged";
    this.nodes.set(label, { label, type: type ?? old.type, properties: { ...old.properties, ...properties } });
    this.events.push({ type: "GraphNodeUpdated", data: { label, type, properties } });
    return "updated";
  }

  /** Adds the edge, or merges properties into the same relation between the same nodes. Both nodes must exist. */
  putEdge(source: string, target: string, relation: string, properties: GraphProperties): Change {
    const key = edgeKey(source, target, relation);
    const old = this.edge(key);
    if (old === undefined) {
      this.edges.set(key, { source, target, relation, properties });
      this.events.push({ type: "GraphEdgeAdded", data: { source, target, relation, properties } });
      return "created";
    }
    if (covers(old.properties, properties)) return "unchanged";
    this.edges.set(key, { ...old, properties: { ...old.properties, ...properties } });
    this.events.push({ type: "GraphEdgeUpdated", data: { source, target, relation, properties } });
    return "updated";
  }

  dropEdge(edge: EdgeState): void {
    const key = edgeKey(edge.source, edge.target, edge.relation);
    if (this.edge(key) === undefined) return;
    this.edges.set(key, null);
    this.events.push({ type: "GraphEdgeRemoved", data: { source: edge.source, target: edge.target, relation: edge.relation } });
  }

  /** Every edge `label` touches now, in or out. */
  incident(label: string): EdgeState[] {
    const keys = new Set(this.state.incident.get(label) ?? []);
    for (const [key, e] of this.edges) if (e !== null && (e.source === label || e.target === label)) keys.add(key);
    return [...keys].map((k) => this.edge(k)).filter((e): e is EdgeState => e !== undefined);
  }

  /** Removes the node and, first, its edges; returns how many edges went with it. */
  dropNode(label: string): number {
    const edges = this.incident(label);
    for (const e of edges) this.dropEdge(e);
    this.nodes.set(label, null);
    this.events.push({ type: "GraphNodeRemoved", data: { label } });
    return edges.length;
  }
}
