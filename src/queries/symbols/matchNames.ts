import { candidatesOf, fuzzyCandidatesOf, keysOf, nameIndex, normalisedSegments, type NameKeys } from "./nameIndex.js";
import { compareText, type GraphNode, type NodeIndex } from "./nodeIndex.js";

/**
 * How a name matched, best first:
 * - `exact`: the node id, the name, the qualified name (`Square.area`) or a file's path;
 * - `suffix`: the trailing dotted segments of the node's full name, file segments included
 *   (`Client.send`, `square.Square`, `shapes.Square`, `shop.pricing`) or a path's tail (`shapes/square.ts`);
 * - `normalised`: as the two above after ignoring case, `_`, `-` and spaces and reading `::`, `#`, `/`
 *   and `\` as `.` (`user_service` → `UserService`, `Square::area`), or the qualified name run
 *   together (`ORDER_LABEL`, `orderLabel` → `Order.label`);
 * - `fuzzy`: a few typos away (bounded edit distance) or an abbreviation of the name (`mkSquare`).
 */
export type MatchKind = "exact" | "suffix" | "normalised" | "fuzzy";

export const MATCH_KINDS: ReadonlyArray<MatchKind> = ["exact", "suffix", "normalised", "fuzzy"];

export interface NodeMatch {
  readonly node: GraphNode;
  readonly match: MatchKind;
  /** A fuzzy match's edits per character compared (0 for the other tiers); lower is closer. */
  readonly cost: number;
}

const keyCache = new WeakMap<GraphNode, NameKeys>();
/** A node's keys, computed for the nodes a query is tested against and kept as long as the node. */
const keys = (n: GraphNode): NameKeys => {
  let k = keyCache.get(n);
  if (k === undefined) keyCache.set(n, (k = keysOf(n)));
  return k;
};

/** Does `whole` end with the first `count` items of `tail` (all of them by default)? */
const endsWith = (whole: ReadonlyArray<string>, tail: ReadonlyArray<string>, count = tail.length): boolean => {
  if (count === 0 || count > whole.length) return false;
  const offset = whole.length - count;
  for (let i = 0; i < count; i++) if (whole[offset + i] !== tail[i]) return false;
  return true;
};

/**
 * Does `u` (query segments) name the node by a suffix of its full name? A symbol: a proper tail of
 * its qualified name, or its whole qualified name behind a tail of its file's or its directory's
 * segments (`square.Square`, `shapes.Square`, `com.acme.app.Greeter`). A file: a tail of its
 * segments, or of its directory's when its stem is `index`/`__init__`/`mod`.
 */
const suffixOf = (
  n: GraphNode,
  u: ReadonlyArray<string>,
  qualified: ReadonlyArray<string>,
  file: ReadonlyArray<string>,
  dir: ReadonlyArray<string>,
  packageFile: boolean,
): boolean => {
  if (n.table === "Symbol") {
    if (u.length < qualified.length) return endsWith(qualified, u);
    if (u.length === qualified.length || !endsWith(u, qualified)) return false;
    const prefix = u.length - qualified.length;
    return endsWith(file, u, prefix) || endsWith(dir, u, prefix);
  }
  if (n.table === "File") return endsWith(file, u) || (packageFile && endsWith(dir, u));
  return false;
};

const exactOf = (n: GraphNode, text: string): boolean =>
  text === n.id || text === n.qualifiedName || (n.table !== "File" && text === n.name);

/** The node's tier for a query, or null. `fuzzy` is decided separately (it needs a cost). */
const tierOf = (
  n: GraphNode,
  text: string,
  dotted: ReadonlyArray<string>,
  norm: ReadonlyArray<string>,
  normText: string,
  normSquashed: string,
  k: NameKeys,
): MatchKind | null => {
  if (exactOf(n, text)) return "exact";
  if (n.table === "File" && n.path !== null && n.path.endsWith(`/${text}`)) return "suffix";
  if (suffixOf(n, dotted, k.qualified, k.file, k.dir, k.packageFile)) return "suffix";
  if (norm.length === 0) return null;
  if (n.table === "External") return k.nName === norm.join("") || normalisedSegments(n.name).join(".") === normText ? "normalised" : null;
  if (n.table === "File" && (endsWith(k.nPath, norm) || suffixOf(n, norm, [], k.nFile, k.nDir, k.packageFile))) return "normalised";
  if (n.table === "Symbol" && (k.nQualifiedText === normText || k.nQualifiedSquashed === normSquashed || suffixOf(n, norm, k.nQualified, k.nFile, k.nDir, k.packageFile))) return "normalised";
  return null;
};

/**
 * Edit distance of a and b (insertions, deletions, substitutions and swaps of two adjacent
 * characters, each costing 1), or `bound + 1` as soon as it must exceed `bound`.
 */
export const boundedEditDistance = (a: string, b: string, bound: number): number => {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  const width = b.length + 1;
  if (scratch.length < 3 * width) scratch = new Int32Array(6 * width);
  // Three rows of the table in one reused buffer: the search compares a query with every name.
  let before = 0;
  let prev = width;
  let row = 2 * width;
  for (let j = 0; j < width; j++) scratch[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    scratch[row] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const cost = ai === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(scratch[prev + j]! + 1, scratch[row + j - 1]! + 1, scratch[prev + j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, scratch[before + j - 2]! + 1);
      scratch[row + j] = v;
      if (v < best) best = v;
    }
    if (best > bound) return bound + 1;
    [before, prev, row] = [prev, row, before];
  }
  return Math.min(scratch[prev + b.length]!, bound + 1);
};

let scratch = new Int32Array(0);

/**
 * Cost of reading `q` as an abbreviation of `name` (both normalised): its characters in order,
 * starting with the name's first. Each break between runs of consecutive characters costs 1, so
 * a prefix costs 0.5 and `mksquare` for `makesquare` (m·k·square) costs 2.5. Infinity when it is not one.
 */
export const abbreviationCost = (q: string, name: string): number => {
  if (q.length < 3 || q.length >= name.length || q[0] !== name[0]) return Infinity;
  let runs = 1;
  let at = 0;
  for (let i = 1; i < q.length; i++) {
    const next = name.indexOf(q[i]!, at + 1);
    if (next < 0) return Infinity;
    if (next !== at + 1) runs++;
    at = next;
  }
  return runs - 0.5;
};

/** Most edits a fuzzy match may need: none below 3 characters, then one per 4, at most 3. */
export const fuzzyBound = (length: number): number => (length < 3 ? 0 : Math.min(3, 1 + Math.floor((length - 3) / 4)));

/**
 * The normalised text a fuzzy query is compared with: a symbol's name, or as many trailing
 * segments of its full name as the query has; a file's stem, or the tail of its path.
 */
const fuzzyTarget = (n: GraphNode, k: NameKeys, segments: number): string => {
  if (n.table === "File") return segments <= 1 ? (k.nFile[k.nFile.length - 1] ?? "") : tailOf(k.nPath, segments);
  if (segments <= 1) return k.nName;
  return tailOf([...k.nFile, ...k.nQualified], segments);
};

/** A fuzzy match's cost relative to the length compared (so two edits in a long name beat two in a short one), or Infinity past the bound. */
const fuzzyCost = (n: GraphNode, k: NameKeys, q: string, segments: number, bound: number): number => {
  const target = fuzzyTarget(n, k, segments);
  if (target === "") return Infinity;
  const d = boundedEditDistance(q, target, bound);
  const edit = d <= bound ? d : Infinity;
  const abbreviation = segments <= 1 ? abbreviationCost(q, target) : Infinity;
  const best = Math.min(edit, abbreviation <= bound + 0.5 ? abbreviation : Infinity);
  return best / Math.max(q.length, target.length);
};

/** Ranks kinds a reader most likely means: declarations over tests and files, over variables, over externals. */
export const kindRank = (kind: string): number => {
  switch (kind) {
    case "Class":
    case "Interface":
    case "Function":
    case "Method":
    case "Type":
    case "Enum":
    case "Namespace":
      return 0;
    case "Test":
    case "File":
      return 1;
    case "Variable":
      return 2;
    case "External":
      return 4;
    default:
      return 3;
  }
};

/** Best first: tier, fuzzy cost, kind, exported, shorter path, then path and line for a stable order. */
export const compareMatches = (a: NodeMatch, b: NodeMatch): number =>
  MATCH_KINDS.indexOf(a.match) - MATCH_KINDS.indexOf(b.match) ||
  a.cost - b.cost ||
  kindRank(a.node.kind) - kindRank(b.node.kind) ||
  Number(b.node.exported) - Number(a.node.exported) ||
  (a.node.path ?? "").length - (b.node.path ?? "").length ||
  compareText(a.node.path ?? "", b.node.path ?? "") ||
  a.node.startLine - b.node.startLine ||
  compareText(a.node.id, b.node.id);

export interface MatchOptions {
  /** Only these kinds (`Class`, `Method`, `File`, `External`, …). */
  readonly kinds?: ReadonlySet<string>;
  /** Only these nodes (a file's symbols); all of the index otherwise. */
  readonly among?: ReadonlyArray<GraphNode>;
  /** Stop after the first tier that matches anything (resolution) rather than collect every tier (search). */
  readonly firstTierOnly?: boolean;
}

/**
 * Every node `text` names, best first, each at the best tier it matches. Over the whole index,
 * only the nodes sharing a key with the text (`candidatesOf`) can match above the fuzzy tier, and
 * a one-segment text is compared fuzzily only with names of a length or first letter it can reach.
 */
export const matchNames = (index: NodeIndex, text: string, options: MatchOptions = {}): NodeMatch[] => {
  const query = text.trim();
  if (query === "") return [];
  const allowed = (n: GraphNode) => options.kinds === undefined || options.kinds.has(n.kind);
  const names = options.among === undefined ? nameIndex(index) : null;
  const dotted = query.split(".");
  const norm = normalisedSegments(query);
  const normText = norm.join(".");
  const normSquashed = norm.join("");
  const found: NodeMatch[] = [];
  const tiered = (n: GraphNode, k: NameKeys) => {
    if (!allowed(n)) return;
    const tier = tierOf(n, query, dotted, norm, normText, normSquashed, k);
    if (tier !== null) found.push({ node: n, match: tier, cost: 0 });
  };
  for (const n of names === null ? options.among! : candidatesOf(names, index, query)) tiered(n, keys(n));
  if (found.length > 0 && options.firstTierOnly) {
    const best = found.reduce((m, f) => Math.min(m, MATCH_KINDS.indexOf(f.match)), MATCH_KINDS.length);
    return found.filter((f) => MATCH_KINDS.indexOf(f.match) === best).sort(compareMatches);
  }
  const q = normText;
  const bound = fuzzyBound(q.length);
  if (bound > 0) {
    const matched = new Set(found.map((f) => f.node.id));
    const fuzzy = (n: GraphNode, k: NameKeys) => {
      if (matched.has(n.id) || n.table === "External" || !allowed(n)) return;
      const cost = fuzzyCost(n, k, q, norm.length, bound);
      if (cost !== Infinity) found.push({ node: n, match: "fuzzy", cost });
    };
    if (names === null) for (const n of options.among!) fuzzy(n, keys(n));
    else if (norm.length === 1) for (const i of fuzzyCandidatesOf(names, q, bound)) fuzzy(index.nodes[i]!, keys(index.nodes[i]!));
    else for (const n of index.nodes) fuzzy(n, keys(n));
  }
  return found.sort(compareMatches);
};

/**
 * The nodes whose names are closest to `text` by edit distance, however far: what to suggest
 * when nothing matched. Symbols and files only; a file is compared by its path.
 */
export const closestNames = (index: NodeIndex, text: string, limit: number, options: Pick<MatchOptions, "kinds" | "among"> = {}): GraphNode[] => {
  const norm = normalisedSegments(text);
  if (norm.length === 0) return [];
  const q = norm.join(".");
  const pool = (options.among ?? index.nodes).filter(
    (n) => n.table !== "External" && (options.kinds === undefined || options.kinds.has(n.kind)),
  );
  const scored = pool.map((n) => {
    const k = keys(n);
    const target = n.table === "File" ? tailOf(k.nPath, Math.max(norm.length, 2)) : fuzzyTarget(n, k, norm.length);
    const bound = Math.max(q.length, target.length);
    const contains = target.includes(q) || q.includes(target) ? 0 : 1;
    return { node: n, cost: boundedEditDistance(q, target, bound) / Math.max(1, bound) + contains };
  });
  return scored
    .sort((a, b) => a.cost - b.cost || compareMatches({ node: a.node, match: "fuzzy", cost: 0 }, { node: b.node, match: "fuzzy", cost: 0 }))
    .slice(0, limit)
    .map((s) => s.node);
};

const tailOf = (segments: ReadonlyArray<string>, count: number): string => segments.slice(Math.max(0, segments.length - count)).join(".");
