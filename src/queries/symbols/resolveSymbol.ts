import type { GraphQueryable } from "../../projections/index.js";
import { closestNames, compareMatches, MATCH_KINDS, matchNames, type MatchKind, type NodeMatch } from "./matchNames.js";
import { exportedDefinition } from "./exportAlias.js";
import { resolveMember, type MemberRoute } from "./memberRoute.js";
import { compareText, nodeIndex, type GraphNode, type NodeIndex } from "./nodeIndex.js";

export interface ResolveOptions {
  /** Only nodes of these kinds (`Class`, `Function`, `Method`, `File`, `External`, …); any when absent. */
  readonly kinds?: ReadonlyArray<string>;
  /**
   * Maps the path in `src/a.ts` or `src/a.ts:Foo` to the project-relative path the graph uses,
   * throwing when it lies outside the project. A tool passes `(p) => projectPath(ctx.root, p)`.
   */
  readonly confinePath?: (path: string) => string;
  /** Most other candidates listed beside the chosen node (default 5). */
  readonly maxOthers?: number;
  /** The text is a file path (`store` is a folder, not the file `store.go`): resolve it to a File or report the folder, never by names. */
  readonly asPath?: boolean;
}

export interface Resolved {
  readonly _tag: "Resolved";
  readonly query: string;
  readonly node: GraphNode;
  readonly match: MatchKind;
  /** Other nodes the text named as well as (at the same tier), best first: the caller should mention them. */
  readonly others: ReadonlyArray<GraphNode>;
  /** How many others there were before `maxOthers` cut the list. */
  readonly otherCount: number;
  /** Set when `Owner.member` was answered by a definition the owner does not declare: an ancestor's, or through an alias. */
  readonly via?: MemberRoute;
}

export interface Unresolved {
  readonly _tag: "Unresolved";
  readonly query: string;
  /** `directory`: the text names a folder of indexed files, not one node. */
  readonly reason: "unknown" | "directory";
  /** Nodes with the closest names (or, for a folder, files in it), best first. */
  readonly closest: ReadonlyArray<GraphNode>;
}

export type SymbolResolution = Resolved | Unresolved;

const CLOSEST = 5;

/**
 * Resolves what a user calls a symbol or file to one graph node. Accepted forms:
 * - a name, qualified name or node id: `render`, `Square.area`, `s:src/render.ts#render`;
 * - a qualified tail, with module segments if wanted: `Client.send`, `shapes.Square`, `shop.pricing`;
 * - a file: `src/render.ts`, `render.ts`; a symbol in a file: `src/shapes/square.ts:Square.area`;
 *   the innermost symbol at a line: `src/render.ts:9`.
 *
 * Tiers are tried in order exact → suffix → normalised → fuzzy (see `MatchKind`); the first tier
 * with a match wins, except that `Owner.member` found by no tier but fuzzy is first looked for
 * on the owner's ancestors and through its module-level aliases (`via` says how). Several matches in that tier are ranked (declarations over tests and
 * variables, exported first, shorter path first): the best is chosen and the rest are returned in
 * `others` for the caller to mention. Nothing found is `Unresolved` with the closest names.
 */
export const resolveSymbol = async (graph: GraphQueryable, text: string, options: ResolveOptions = {}): Promise<SymbolResolution> => {
  const index = await nodeIndex(graph);
  const found = resolveIn(index, text, options);
  if (found._tag === "Resolved" && found.match !== "fuzzy") return (await throughExportAlias(graph, index, found, options)) ?? found;
  if (found._tag === "Unresolved" && found.reason === "directory") return found;
  // Agents ask by the name they read in code: `Square.area` for a method Square inherits, `Matrix.det` through `Matrix = MutableDenseMatrix`.
  const member = await memberThroughOwner(graph, index, text.trim(), options);
  return member ?? found;
};

/**
 * A name its module exports for another definition (`Popup` of `export { Dialog as Popup }`)
 * answers for that definition: the alias's node has nothing of its own to tell. Asked by its
 * node id, the alias node itself answers.
 */
const throughExportAlias = async (graph: GraphQueryable, index: NodeIndex, found: Resolved, options: ResolveOptions): Promise<Resolved | null> => {
  if (found.query === found.node.id) return null;
  const target = await exportedDefinition(graph, index, found.node);
  if (target === null || (options.kinds !== undefined && !options.kinds.includes(target.kind))) return null;
  return { ...found, node: target, via: { owner: target, aliases: [{ node: found.node, exported: true }], inherited: false } };
};

const OWNER_KINDS = ["Class", "Interface", "Struct", "Trait", "Enum", "Variable"];

/** `Owner.member` answered through the owner's aliases and ancestors (see resolveMember), or null: for lookups that match names their own way first. */
export const memberThroughOwner = async (graph: GraphQueryable, index: NodeIndex, query: string, options: ResolveOptions): Promise<Resolved | null> => {
  const kinds = options.kinds === undefined ? undefined : new Set(options.kinds);
  let match: MatchKind | null = null;
  const owners = (name: string): ReadonlyArray<GraphNode> => {
    const r = resolveIn(index, name, { kinds: OWNER_KINDS, maxOthers: 20 });
    if (r._tag !== "Resolved" || r.match === "fuzzy") return [];
    match ??= r.match;
    return [r.node, ...r.others];
  };
  const found = await resolveMember(graph, index, query, owners, (n) => kinds === undefined || kinds.has(n.kind));
  if (found === null) return null;
  return { _tag: "Resolved", query, node: found.node, match: match ?? "exact", others: [], otherCount: 0, via: found.route };
};

/** `resolveSymbol` over an index already loaded. */
export const resolveIn = (index: NodeIndex, text: string, options: ResolveOptions = {}): SymbolResolution => {
  const query = text.trim();
  const kinds = options.kinds === undefined ? undefined : new Set(options.kinds);
  const allowed = (n: GraphNode) => kinds === undefined || kinds.has(n.kind);
  const maxOthers = options.maxOthers ?? 5;
  const confine = options.confinePath ?? ((p: string) => p);
  const unresolved = (closest: ReadonlyArray<GraphNode>, reason: Unresolved["reason"] = "unknown"): Unresolved => ({
    _tag: "Unresolved",
    query,
    reason,
    closest,
  });
  if (query === "") return unresolved([]);

  const byId = index.byId.get(query);
  if (byId !== undefined && allowed(byId)) return { _tag: "Resolved", query, node: byId, match: "exact", others: [], otherCount: 0 };

  if (options.asPath) {
    return { ...resolveFile(index, confine(query)), query };
  }

  const pathForm = splitPathForm(query);
  if (pathForm !== null) {
    const file = resolveFile(index, confine(pathForm.path));
    if (file._tag === "Unresolved") return { ...file, query };
    const symbols = index.symbolsByPath.get(file.node.path ?? "") ?? [];
    if (/^\d+$/.test(pathForm.symbol)) {
      const at = innermostAt(symbols.filter(allowed), Number(pathForm.symbol));
      if (at !== null) return { _tag: "Resolved", query, node: at, match: file.match, others: [], otherCount: 0 };
      return allowed(file.node) ? { ...file, query } : unresolved(symbols.filter(allowed).slice(0, CLOSEST));
    }
    const inFile = matchNames(index, pathForm.symbol, { among: symbols, kinds, firstTierOnly: true });
    if (inFile.length === 0) return unresolved(closestNames(index, pathForm.symbol, CLOSEST, { among: symbols, kinds }));
    return resolved(query, inFile, maxOthers, worse(file.match, inFile[0]!.match));
  }

  let noFile: Unresolved | null = null;
  if (looksLikePath(query) && (kinds === undefined || kinds.has("File"))) {
    // Without a slash (`Client.send`) names come next and the closest files would go unused.
    const file = resolveFile(index, confine(query), /[/\\]/.test(query));
    if (file._tag === "Resolved" || file.reason === "directory") return { ...file, query };
    if (/[/\\]/.test(query)) noFile = { ...file, query };
  }

  // A path that names no file is not guessed at: the closest paths are suggested instead.
  const matches = matchNames(index, query, { kinds, firstTierOnly: true }).filter((m) => m.match !== "fuzzy" || noFile === null);
  if (matches.length > 0) return resolved(query, matches, maxOthers);
  return noFile ?? unresolved(closestNames(index, query, CLOSEST, { kinds }));
};

const resolved = (query: string, matches: ReadonlyArray<NodeMatch>, maxOthers: number, match?: MatchKind): Resolved => ({
  _tag: "Resolved",
  query,
  node: matches[0]!.node,
  match: match ?? matches[0]!.match,
  others: matches.slice(1, 1 + maxOthers).map((m) => m.node),
  otherCount: matches.length - 1,
});

const FILE_KINDS: ReadonlySet<string> = new Set(["File"]);

/**
 * A project-relative path to its File node: the exact path, else a path tail (`square.ts`,
 * `shapes/square.ts`), else either ignoring case; or, when no file matches, the folder it names,
 * or (`suggest`) the closest files.
 */
const resolveFile = (index: NodeIndex, path: string, suggest = true): SymbolResolution => {
  const lower = path.toLowerCase();
  const tiers: ReadonlyArray<[MatchKind, (p: string) => boolean]> = [
    ["exact", (p) => p === path],
    ["suffix", (p) => p.endsWith(`/${path}`)],
    ["normalised", (p) => p.toLowerCase() === lower || p.toLowerCase().endsWith(`/${lower}`)],
  ];
  for (const [match, test] of tiers) {
    const found = index.files.filter((f) => test(f.path ?? ""));
    if (found.length > 0) return resolved(path, found.map((node) => ({ node, match, cost: 0 })).sort(compareMatches), 5);
  }
  const folder = path.replace(/\/+$/, "");
  const inFolder = index.files.filter((f) => folder === "" || (f.path ?? "").startsWith(`${folder}/`));
  if (inFolder.length > 0) {
    const shallow = [...inFolder].sort((a, b) => depth(a) - depth(b) || compareText(a.path ?? "", b.path ?? ""));
    return { _tag: "Unresolved", query: path, reason: "directory", closest: shallow.slice(0, 10) };
  }
  return { _tag: "Unresolved", query: path, reason: "unknown", closest: suggest ? closestNames(index, path, CLOSEST, { kinds: FILE_KINDS, among: index.files }) : [] };
};

const depth = (n: GraphNode): number => (n.path ?? "").split("/").length;

/** The symbol spanning `line` with the fewest lines (a method rather than its class). */
const innermostAt = (symbols: ReadonlyArray<GraphNode>, line: number): GraphNode | null => {
  let best: GraphNode | null = null;
  for (const s of symbols) {
    if (s.startLine > line || s.endLine < line) continue;
    if (best === null || s.endLine - s.startLine < best.endLine - best.startLine) best = s;
  }
  return best;
};

const worse = (a: MatchKind, b: MatchKind): MatchKind => (MATCH_KINDS.indexOf(a) >= MATCH_KINDS.indexOf(b) ? a : b);

/** A slash, or a file extension at the end (`render.ts`; `Client.send` too, which falls through to names when no file matches). */
const looksLikePath = (text: string): boolean => /[/\\]/.test(text) || /\.[A-Za-z][A-Za-z0-9]{0,7}$/.test(text);

/**
 * `path:Symbol` or `path:line`, split at the first lone colon whose left side looks like a path
 * (`Foo::bar` and a drive letter `C:\` are not splits).
 */
const splitPathForm = (text: string): { path: string; symbol: string } | null => {
  for (let i = 1; i < text.length - 1; i++) {
    if (text[i] !== ":" || text[i - 1] === ":" || text[i + 1] === ":") continue;
    if (i === 1 && /[/\\]/.test(text[2] ?? "")) continue;
    const path = text.slice(0, i);
    const symbol = text.slice(i + 1).trim();
    if (looksLikePath(path) && symbol !== "") return { path, symbol };
  }
  return null;
};
