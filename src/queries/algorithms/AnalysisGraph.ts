/**
 * A directed multigraph held in memory for the analysis tools: nodes numbered 0..n-1 in the
 * order they were added, edges 0..m-1 likewise, and both adjacency directions as compressed
 * rows (for node i, its out-edges are `outEdges[outStart[i] .. outStart[i+1])`). Built once per
 * state of a graph (a scratch graph's stream version, the code graph's checkpoint) and shared
 * by every call until that state changes.
 */
export interface AnalysisGraph {
  /** `default`, an agent's graph name, or `code`. */
  readonly name: string;
  readonly labels: ReadonlyArray<string>;
  readonly types: ReadonlyArray<string | null>;
  /** Other names a node answers to (a code symbol's qualified and short name); empty for scratch nodes. */
  readonly aliases: ReadonlyArray<ReadonlyArray<string>>;
  readonly index: ReadonlyMap<string, number>;
  readonly edgeSource: Int32Array;
  readonly edgeTarget: Int32Array;
  readonly edgeRelation: ReadonlyArray<string>;
  readonly outStart: Int32Array;
  readonly outEdges: Int32Array;
  readonly inStart: Int32Array;
  readonly inEdges: Int32Array;
}

/** A directed edge between two node ids: what callers holding ids rather than node numbers hand the algorithms. */
export interface DirectedEdge {
  readonly source: string;
  readonly target: string;
}

export interface GraphInput {
  readonly name: string;
  readonly nodes: ReadonlyArray<{ readonly label: string; readonly type: string | null; readonly aliases?: ReadonlyArray<string> }>;
  readonly edges: ReadonlyArray<{ readonly source: string; readonly target: string; readonly relation: string }>;
}

const rows = (n: number, ends: Int32Array): { start: Int32Array; list: Int32Array } => {
  const start = new Int32Array(n + 1);
  for (let e = 0; e < ends.length; e++) start[ends[e]! + 1]!++;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const list = new Int32Array(ends.length);
  for (let e = 0; e < ends.length; e++) list[fill[ends[e]!]!++] = e;
  return { start, list };
};

/** Numbers the nodes and edges; an edge whose end is not a node adds that node (type null). */
export const buildAnalysisGraph = (input: GraphInput): AnalysisGraph => {
  const labels: string[] = [];
  const types: Array<string | null> = [];
  const aliases: Array<ReadonlyArray<string>> = [];
  const index = new Map<string, number>();
  const add = (label: string, type: string | null, also: ReadonlyArray<string>): number => {
    let i = index.get(label);
    if (i === undefined) {
      index.set(label, (i = labels.length));
      labels.push(label);
      types.push(type);
      aliases.push(also);
    }
    return i;
  };
  for (const n of input.nodes) add(n.label, n.type, n.aliases ?? []);
  const m = input.edges.length;
  const edgeSource = new Int32Array(m);
  const edgeTarget = new Int32Array(m);
  const edgeRelation: string[] = new Array(m);
  input.edges.forEach((e, k) => {
    edgeSource[k] = add(e.source, null, []);
    edgeTarget[k] = add(e.target, null, []);
    edgeRelation[k] = e.relation;
  });
  const out = rows(labels.length, edgeSource);
  const inn = rows(labels.length, edgeTarget);
  return { name: input.name, labels, types, aliases, index, edgeSource, edgeTarget, edgeRelation, outStart: out.start, outEdges: out.list, inStart: inn.start, inEdges: inn.list };
};

/** Distinct successors of node `i` (parallel edges and relations collapsed), optionally through one relation. */
export const successors = (g: AnalysisGraph, i: number, relation?: string): number[] => {
  const seen = new Set<number>();
  for (let k = g.outStart[i]!; k < g.outStart[i + 1]!; k++) {
    const e = g.outEdges[k]!;
    if (relation === undefined || g.edgeRelation[e] === relation) seen.add(g.edgeTarget[e]!);
  }
  return [...seen];
};

/** Each node's distinct successors, as lists of node numbers. */
export const successorLists = (g: AnalysisGraph): number[][] => g.labels.map((_, i) => successors(g, i));
