import { LayeredMap } from "../layeredMap.js";
import { nodeIndexChange, type GraphNode, type NodeIndex, type NodeIndexChange } from "./nodeIndex.js";

/**
 * The segment lists a node is matched by (`matchNames` computes them for the nodes it tests).
 * Testing every node cost ~1 µs a node: 20-50 ms to resolve one name in sympy's 44k nodes, paid
 * by every graph tool; the name index below narrows the nodes tested to those sharing a key.
 */
export interface NameKeys {
  readonly qualified: ReadonlyArray<string>;
  /** A file's path without its extension, split on `/`. */
  readonly file: ReadonlyArray<string>;
  /** The directory's segments (`file` without its stem). */
  readonly dir: ReadonlyArray<string>;
  readonly nQualified: ReadonlyArray<string>;
  /** `nQualified` joined with dots. */
  readonly nQualifiedText: string;
  /** `nQualified` run together (`orderlabel` for `Order.label`), so `ORDER_LABEL` and `orderLabel` name it too. */
  readonly nQualifiedSquashed: string;
  readonly nFile: ReadonlyArray<string>;
  readonly nDir: ReadonlyArray<string>;
  /** A file's path with the extension as one more segment (`src.shapes.square.ts`), normalised. */
  readonly nPath: ReadonlyArray<string>;
  readonly nName: string;
  /** A file whose stem names its directory's module (`index`, `__init__`, `mod`). */
  readonly packageFile: boolean;
}

/** Stems that name their directory's module: `shapes/index.ts` is `shapes`, `shop/__init__.py` is `shop`. */
const PACKAGE_STEMS = new Set(["index", "__init__", "mod"]);

export const normaliseSegment = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, "");

/** A name as normalised segments: case, `_`, `-` and spaces ignored; `::`, `.`, `#`, `/`, `\` separate. */
export const normalisedSegments = (text: string): string[] =>
  text
    .split(/::|[.#/\\]/)
    .map(normaliseSegment)
    .filter((s) => s !== "");

const fileSegments = (path: string | null): { file: string[]; dir: string[] } => {
  if (path === null || path === "") return { file: [], dir: [] };
  const parts = path.split("/");
  const base = parts[parts.length - 1] ?? "";
  const dot = base.lastIndexOf(".");
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const dir = parts.slice(0, -1);
  return { file: [...dir, stem], dir };
};

export const keysOf = (n: GraphNode): NameKeys => {
  const { file, dir } = fileSegments(n.path);
  const qualified = n.table === "Symbol" ? n.qualifiedName.split(".") : [];
  const norm = (xs: ReadonlyArray<string>) => xs.map(normaliseSegment);
  return {
    qualified,
    file,
    dir,
    nQualified: norm(qualified),
    nQualifiedText: norm(qualified).join("."),
    nQualifiedSquashed: norm(qualified).join(""),
    nFile: norm(file),
    nDir: norm(dir),
    nPath: n.table === "File" && n.path !== null ? normalisedSegments(n.path) : [],
    nName: normaliseSegment(n.name),
    packageFile: n.table === "File" && PACKAGE_STEMS.has(file[file.length - 1] ?? ""),
  };
};

const last = (xs: ReadonlyArray<string>): string | undefined => xs[xs.length - 1];

const lastSegment = (text: string, separator: string): string => text.slice(text.lastIndexOf(separator) + 1);

/**
 * The keys a node is filed under. Each tier of `matchNames` but the fuzzy one needs the query
 * and the node to share one of them (see `queryKeys`); a key naming more nodes than the match
 * needs only costs a test of each:
 * - as written (`=`): the qualified name (a file's path), a non-file's own name (the exact tier);
 *   the last segment of the qualified name, or a file's base name, stem, or a package file's
 *   directory (a path tail or dotted suffix either way: `square.ts`, `Client.send`, `shapes.Square`);
 * - normalised (`~`): the same last segments, the last segment of a file's path (its
 *   extension), and a symbol's qualified name run together.
 * Ids are looked up in the node index, and externals, few and matched by their whole normalised
 * name, are always candidates. Computed from the names alone: building the index for sympy's
 * 44k nodes is a few hundred milliseconds, not seconds.
 */
const nodeKeys = (n: GraphNode): string[] => {
  if (n.table === "Symbol") {
    const tail = lastSegment(n.qualifiedName, ".");
    const squashed = n.qualifiedName.includes(".") ? n.qualifiedName.split(".").map(normaliseSegment).join("") : normaliseSegment(tail);
    return [`=${n.qualifiedName}`, `=${n.name}`, `=${tail}`, `~${normaliseSegment(tail)}`, `~${squashed}`];
  }
  if (n.table !== "File" || n.path === null) return [];
  const { file, dir } = fileSegments(n.path);
  const stem = file[file.length - 1] ?? "";
  const out = [`=${n.path}`, `=${lastSegment(n.path, "/")}`, `=${stem}`, `~${last(normalisedSegments(n.path)) ?? ""}`, `~${normaliseSegment(stem)}`];
  if (PACKAGE_STEMS.has(stem)) out.push(`=${last(dir) ?? ""}`, `~${normaliseSegment(last(dir) ?? "")}`);
  return out;
};

/** The keys a query text (trimmed) is looked up by: a node it can match at a tier above fuzzy shares one. */
export const queryKeys = (text: string): string[] => {
  const norm = normalisedSegments(text);
  const out = [`=${text}`, `=${lastSegment(text, "/")}`, `=${lastSegment(text, ".")}`];
  if (norm.length > 0) out.push(`~${last(norm)!}`, `~${norm.join("")}`);
  return out;
};

export interface NameIndex {
  /** Nodes by key (see `nodeKeys`). */
  readonly byKey: ReadonlyMap<string, ReadonlyArray<GraphNode>>;
  readonly externals: ReadonlyArray<GraphNode>;
  /** What a one-segment fuzzy query is compared with, by position in the node index: a symbol's name, a file's stem ("" for externals). */
  readonly fuzzyName: ReadonlyArray<string>;
  /** Per position, the characters of its `fuzzyName` as a bit set (see `letterMask`). */
  readonly masks: Int32Array;
}

/**
 * The characters of a name as a 32-bit set: a-z one bit each, the rest folded into six more. A
 * character of one name whose bit the other lacks needs an edit, so the bits one has and the
 * other lacks count no more than the edits between them, whatever the folding merged.
 */
export const letterMask = (name: string): number => {
  let mask = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    mask |= 1 << (c >= 97 && c <= 122 ? c - 97 : 26 + (c % 6));
  }
  return mask;
};

export const bitCount = (v: number): number => {
  let n = v - ((v >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

const build = (index: NodeIndex): NameIndex => {
  const byKey = new Map<string, GraphNode[]>();
  const externals: GraphNode[] = [];
  for (const n of index.nodes) {
    if (n.table === "External") externals.push(n);
    for (const key of nodeKeys(n)) {
      const list = byKey.get(key);
      if (list === undefined) byKey.set(key, [n]);
      // A node's keys often repeat (a function's name is its qualified name): filed once.
      else if (list[list.length - 1] !== n) list.push(n);
    }
  }
  const fuzzyName = index.nodes.map(fuzzyNameOf);
  return { byKey, externals, fuzzyName, masks: Int32Array.from(fuzzyName, letterMask) };
};

/** A node's one-segment fuzzy name (see `NameIndex.fuzzyName`). */
const fuzzyNameOf = (n: GraphNode): string =>
  n.table === "Symbol" ? normaliseSegment(n.name) : n.table === "File" ? normaliseSegment(fileSegments(n.path).file.at(-1) ?? "") : "";

/**
 * `previous` (the names of `change.previous`) following `change`: the removed nodes unfiled from
 * their keys, the added ones filed, per-position names carried over for the nodes that stayed
 * (the node index keeps them first, in their old order). Equal to `build(index)` up to the order
 * of nodes within a key, which no caller depends on (matches are sorted by `compareMatches`, a
 * total order).
 */
const follow = (previous: NameIndex, change: NodeIndexChange, index: NodeIndex): NameIndex => {
  // The lists of the keys the change touches; an empty one: the key is gone.
  const next = new Map<string, ReadonlyArray<GraphNode>>();
  const current = (key: string) => next.get(key) ?? previous.byKey.get(key) ?? [];
  const removed = new Set(change.removed);
  for (const n of change.removed) for (const key of nodeKeys(n)) if (!next.has(key)) next.set(key, current(key).filter((m) => !removed.has(m)));
  for (const n of change.added) {
    for (const key of nodeKeys(n)) {
      const list = current(key);
      if (list[list.length - 1] !== n) next.set(key, [...list, n]);
    }
  }
  const gone = [...next].filter(([, list]) => list.length === 0).map(([key]) => key);
  const byKey = LayeredMap.after(previous.byKey, gone, [...next].filter(([, list]) => list.length > 0));
  // The node index lists the nodes that stayed first, in their old order, then the new ones.
  const fuzzyName: string[] = [];
  const masks = new Int32Array(index.nodes.length);
  change.previous.nodes.forEach((n, i) => {
    if (n.table === "External" || removed.has(n)) return;
    masks[fuzzyName.length] = previous.masks[i]!;
    fuzzyName.push(previous.fuzzyName[i]!);
  });
  for (let i = fuzzyName.length; i < index.nodes.length; i++) {
    const name = fuzzyNameOf(index.nodes[i]!);
    fuzzyName.push(name);
    masks[i] = letterMask(name);
  }
  return { byKey, externals: index.externals, fuzzyName, masks };
};

const built = new WeakMap<NodeIndex, NameIndex>();

/**
 * The name index of a node index, built on first use and kept as long as it; for an index
 * brought forward from one whose names were built, those names brought forward by the same change.
 */
export const nameIndex = (index: NodeIndex): NameIndex => {
  let found = built.get(index);
  if (found === undefined) {
    const change = nodeIndexChange(index);
    const before = change === undefined ? undefined : built.get(change.previous);
    found = change !== undefined && before !== undefined ? follow(before, change, index) : build(index);
    built.set(index, found);
  }
  return found;
};

/**
 * Positions of the nodes a one-segment normalised query `q` may match fuzzily (see `fuzzyCost`):
 * within `bound` edits, a name whose length and characters differ from q's by no more than that;
 * as an abbreviation, a longer name with the same first letter and every character of q.
 */
export const fuzzyCandidatesOf = (names: NameIndex, q: string, bound: number): number[] => {
  const mask = letterMask(q);
  const out: number[] = [];
  for (let i = 0; i < names.fuzzyName.length; i++) {
    const name = names.fuzzyName[i]!;
    if (name === "") continue;
    const m = names.masks[i]!;
    const missing = bitCount(mask & ~m);
    const edit = Math.abs(name.length - q.length) <= bound && missing <= bound && bitCount(m & ~mask) <= bound;
    const abbreviation = name.length > q.length && name.charCodeAt(0) === q.charCodeAt(0) && missing === 0;
    if (edit || abbreviation) out.push(i);
  }
  return out;
};

/** The nodes that may match `text` (trimmed) at a tier above fuzzy. */
export const candidatesOf = (names: NameIndex, index: NodeIndex, text: string): Set<GraphNode> => {
  const nodes = new Set<GraphNode>(names.externals);
  const byId = index.byId.get(text);
  if (byId !== undefined) nodes.add(byId);
  for (const key of queryKeys(text)) for (const n of names.byKey.get(key) ?? []) nodes.add(n);
  return nodes;
};
