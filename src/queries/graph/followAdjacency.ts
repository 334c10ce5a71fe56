import { compareText } from "../symbols/nodeIndex.js";
import type { Adjacency, Side } from "./adjacencyTypes.js";

/** What a write changed, as read from the graph after it (see `update` in adjacency.ts). */
export interface AdjacencyChange {
  /** Whether a node id belongs to one of the changed files (its outgoing edges are all in `edges`). */
  readonly inChangedFiles: (id: string) => boolean;
  /** The changed files' nodes as they stand now. */
  readonly nodes: ReadonlySet<string>;
  /** Every external as it stands now (writes drop the unused ones). */
  readonly externals: ReadonlySet<string>;
  /** Every edge leaving the changed files' nodes now, by id (kind as its KINDS number). */
  readonly edges: ReadonlyArray<{ readonly from: string; readonly to: string; readonly kind: number; readonly line: number }>;
}

/** Two id lists, each in code-point order, as one (they share no id). */
const mergeSorted = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): string[] => {
  const out: string[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compareText(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
};

/** Edges by number: near, far, kind, line. */
interface Fresh {
  readonly near: Int32Array;
  readonly far: Int32Array;
  readonly kind: Uint8Array;
  readonly line: Int32Array;
}

/** The fresh edges seen from one end, sorted by (near, kind, far, line): a side's order. */
const freshSide = (from: Int32Array, to: Int32Array, kind: Uint8Array, line: Int32Array, direction: "out" | "in"): Fresh => {
  const near = direction === "out" ? from : to;
  const far = direction === "out" ? to : from;
  const order = Array.from(near, (_, i) => i).sort((a, b) => near[a]! - near[b]! || kind[a]! - kind[b]! || far[a]! - far[b]! || line[a]! - line[b]!);
  return {
    near: Int32Array.from(order, (i) => near[i]!),
    far: Int32Array.from(order, (i) => far[i]!),
    kind: Uint8Array.from(order, (i) => kind[i]!),
    line: Int32Array.from(order, (i) => line[i]!),
  };
};

/**
 * One side of the followed adjacency, in one pass over the nodes and no sort. Numbers follow
 * code-point order before and after, so renumbering keeps every kept run in (kind, far, line)
 * order; a node's run is its kept edges (far ends still there, and for `in` not from a changed
 * file) merged with its fresh ones.
 */
const followSide = (
  old: Side,
  nodes: number,
  oldOf: Int32Array,
  renumber: Int32Array,
  /** Per old number: its edges on this side are replaced by the fresh ones (out: a changed file's node). */
  replaced: Uint8Array,
  /** Per old number: edges whose far end is this node are dropped (in: from a changed file's node). */
  dropFar: Uint8Array | null,
  fresh: Fresh,
): Side => {
  const capacity = old.far.length + fresh.far.length;
  const start = new Int32Array(nodes + 1);
  const far = new Int32Array(capacity);
  const kind = new Uint8Array(capacity);
  const line = new Int32Array(capacity);
  let k = 0;
  let f = 0;
  for (let m = 0; m < nodes; m++) {
    start[m] = k;
    const o = oldOf[m]!;
    let e = o === -1 || replaced[o] === 1 ? 0 : old.start[o]!;
    const end = o === -1 || replaced[o] === 1 ? 0 : old.start[o + 1]!;
    while (f < fresh.near.length && fresh.near[f]! < m) f++;
    for (;;) {
      // The next kept edge, skipping those whose far end is gone or dropped.
      while (e < end && (renumber[old.far[e]!] === -1 || (dropFar !== null && dropFar[old.far[e]!] === 1))) e++;
      const hasOld = e < end;
      const hasFresh = f < fresh.near.length && fresh.near[f] === m;
      if (!hasOld && !hasFresh) break;
      let oldFirst: boolean;
      if (!hasFresh) oldFirst = true;
      else if (!hasOld) oldFirst = false;
      else {
        const oldFar = renumber[old.far[e]!]!;
        oldFirst =
          old.kind[e]! !== fresh.kind[f]!
            ? old.kind[e]! < fresh.kind[f]!
            : oldFar !== fresh.far[f]!
              ? oldFar < fresh.far[f]!
              : old.line[e]! <= fresh.line[f]!;
      }
      if (oldFirst) {
        far[k] = renumber[old.far[e]!]!;
        kind[k] = old.kind[e]!;
        line[k] = old.line[e]!;
        e++;
      } else {
        far[k] = fresh.far[f]!;
        kind[k] = fresh.kind[f]!;
        line[k] = fresh.line[f]!;
        f++;
      }
      k++;
    }
  }
  start[nodes] = k;
  return { start, far: far.slice(0, k), kind: kind.slice(0, k), line: line.slice(0, k) };
};

/**
 * `previous` after a write that changed some files: their nodes and outgoing edges as `change`
 * gives them now, everything else as before (an edge into a changed file from elsewhere keeps
 * its ends by id, and goes if an end is gone). Linear in the edges with no sort of the whole:
 * rebuilding the sides from scratch cost as much as loading them (sympy, 196k edges: ~1 s).
 */
export const followAdjacency = (previous: Adjacency, change: AdjacencyChange): Adjacency => {
  const oldN = previous.ids.length;
  const changedOld = new Uint8Array(oldN);
  const gone = (id: string, i: number): boolean => {
    if (change.inChangedFiles(id)) return (changedOld[i] = 1), true;
    return id.startsWith("x:") && !change.externals.has(id);
  };
  const kept = previous.ids.filter((id, i) => !gone(id, i));
  const added = [...change.nodes, ...[...change.externals].filter((id) => !previous.numbers.has(id))].sort(compareText);
  const ids = mergeSorted(kept, added);
  const numbers = new Map(ids.map((id, i) => [id, i]));
  const renumber = Int32Array.from(previous.ids, (id) => numbers.get(id) ?? -1);
  const oldOf = new Int32Array(ids.length).fill(-1);
  renumber.forEach((m, o) => {
    if (m !== -1) oldOf[m] = o;
  });

  const fresh = change.edges.filter((e) => numbers.has(e.from) && numbers.has(e.to));
  const from = Int32Array.from(fresh, (e) => numbers.get(e.from)!);
  const to = Int32Array.from(fresh, (e) => numbers.get(e.to)!);
  const kind = Uint8Array.from(fresh, (e) => e.kind);
  const line = Int32Array.from(fresh, (e) => e.line);
  return {
    ids,
    numbers,
    out: followSide(previous.out, ids.length, oldOf, renumber, changedOld, null, freshSide(from, to, kind, line, "out")),
    in: followSide(previous.in, ids.length, oldOf, renumber, new Uint8Array(oldN), changedOld, freshSide(from, to, kind, line, "in")),
  };
};
