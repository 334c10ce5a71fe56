import { compareText } from "../symbols/nodeIndex.js";
import type { Adjacency, Side } from "./adjacencyTypes.js";

/** What a write changed, as read from the graph after it (see `update` in adjacency.ts). */
export interface AdjacencyChange {
  /** The changed files: their nodes' outgoing edges are all in `edges`. */
  readonly paths: ReadonlySet<string>;
  /** The changed files' nodes as they stand now. */
  readonly nodes: ReadonlySet<string>;
  /** Every external as it stands now (writes drop the unused ones). */
  readonly externals: ReadonlySet<string>;
  /** Every edge leaving the changed files' nodes now, by id (kind as its KINDS number). */
  readonly edges: ReadonlyArray<{ readonly from: string; readonly to: string; readonly kind: number; readonly line: number }>;
}

/**
 * Numbers by id over ids in code-point order, by binary search: building a map of every id
 * again after each edit cost more than the rest of following it (~20 ms of ~65 on sympy), and
 * a question looks up a handful of ids.
 */
class SortedNumbers {
  constructor(private readonly ids: ReadonlyArray<string>) {}
  get(id: string): number | undefined {
    let lo = 0;
    let hi = this.ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareText(this.ids[mid]!, id);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
  has(id: string): boolean {
    return this.get(id) !== undefined;
  }
}

/** The first position of sorted `ids` whose id is not before `key` in code-point order. */
const firstAtOrAfter = (ids: ReadonlyArray<string>, key: string): number => {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareText(ids[mid]!, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
  const goneOld = new Uint8Array(oldN);
  // A file's ids are one run of the sorted ids (`f:<path>`, then `s:<path>#…`), as are the
  // externals (`x:…`): found by binary search rather than by testing every id of the graph.
  for (const path of change.paths) {
    for (const prefix of [`f:${path}`, `s:${path}#`]) {
      for (let i = firstAtOrAfter(previous.ids, prefix); i < oldN && previous.ids[i]!.startsWith(prefix); i++) {
        if (prefix[0] === "f" && previous.ids[i] !== prefix) break;
        changedOld[i] = 1;
        goneOld[i] = 1;
      }
    }
  }
  for (let i = firstAtOrAfter(previous.ids, "x:"); i < oldN && previous.ids[i]!.startsWith("x:"); i++) {
    if (!change.externals.has(previous.ids[i]!)) goneOld[i] = 1;
  }
  // The ids that stay, in their order, with the new ones put where a binary search over the old
  // ids places them: each old number gets its new one with no lookup by id and no comparison of
  // the ids that stay.
  let kept = 0;
  for (let o = 0; o < oldN; o++) if (goneOld[o] === 0) kept++;
  const added = [...change.nodes, ...[...change.externals].filter((id) => !previous.numbers.has(id))].sort(compareText);
  const insertAt = added.map((id) => firstAtOrAfter(previous.ids, id));
  const ids: string[] = new Array(kept + added.length);
  const renumber = new Int32Array(oldN).fill(-1);
  const oldOf = new Int32Array(ids.length).fill(-1);
  let m = 0;
  let j = 0;
  for (let o = 0; o <= oldN; o++) {
    for (; j < added.length && insertAt[j]! <= o; j++, m++) {
      const id = added[j]!;
      ids[m] = id;
      // A changed file's node that was there before keeps its edges from elsewhere.
      const before = previous.numbers.get(id);
      if (before !== undefined) {
        renumber[before] = m;
        oldOf[m] = before;
      }
    }
    if (o < oldN && goneOld[o] === 0) {
      ids[m] = previous.ids[o]!;
      renumber[o] = m;
      oldOf[m] = o;
      m++;
    }
  }
  const numbers = new SortedNumbers(ids);

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
