import type { GraphQueryable, EdgeKind } from "../../projections/index.js";
import { nodeIndex, nodeOf } from "../symbols/nodeIndex.js";
import { adjacency, edgesAt, type EdgeRow } from "./adjacency.js";
import { findFile, type FileLookup } from "./findFile.js";
import { codeNodeOf, isTestNode, type CodeNode } from "./graphNodes.js";
import { pickSymbol, type SymbolPick } from "./pickSymbol.js";

export interface ImpactRequest {
  /** Project-relative path of the file. */
  readonly file: string;
  /** A symbol of that file (`name` or `Class.method`); null for the whole file. */
  readonly symbol: string | null;
  /** Deepest dependent followed (1 = direct dependents only). */
  readonly depth: number;
  /** Most dependents and tests collected before the walk stops. */
  readonly maxNodes: number;
}

/** Something that depends on the target, and how it was reached. */
export interface Dependent extends CodeNode {
  /** 1 for a direct dependent. */
  readonly depth: number;
  /** The edge that reached it: CALLS, IMPORTS, INHERITS, IMPLEMENTS or TESTS. */
  readonly via: string;
  /** Name of the node it depends on (a target, or a dependent one level closer). */
  readonly on: string;
  /** Line of that reference in its file (the call, the import). */
  readonly at: number;
  readonly test: boolean;
}

export interface Impact {
  readonly _tag: "Impact";
  readonly file: string;
  /** The symbol asked for; null for the whole file. */
  readonly symbol: CodeNode | null;
  /** Every node changed: the symbol and its members, or the file and all its symbols. */
  readonly targets: ReadonlyArray<CodeNode>;
  /** Non-test dependents, nearest first. */
  readonly dependents: ReadonlyArray<Dependent>;
  /** Tests (test functions and test files) that reach a target, nearest first; may lie one level past `depth`. */
  readonly tests: ReadonlyArray<Dependent>;
  /** Ids of dependents no listed test reaches. */
  readonly untested: ReadonlyArray<string>;
  /** Dependents one level past `depth`, not listed (0 when the walk ended before it). */
  readonly beyondDepth: number;
  /** Whether the walk stopped at `maxNodes`. */
  readonly nodeCapped: boolean;
}

export type ImpactAnswer =
  | Impact
  | Extract<FileLookup, { _tag: "UnknownFile" }>
  | (Exclude<SymbolPick, { _tag: "Symbol" }> & { readonly file: string; readonly symbol: string });

// What a dependent's change reaches through. TESTS duplicates a test's CALLS today; it is followed
// too so a test stays found should the resolver ever emit one alone.
const INCOMING: ReadonlyArray<EdgeKind> = ["CALLS", "IMPORTS", "INHERITS", "IMPLEMENTS", "TESTS"];

const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
/** By dependent, kind, line, then what it depends on: the order a level's edges are taken in (the first reach of a node wins). */
const byEdge = (x: EdgeRow, y: EdgeRow): number => order(x.from, y.from) || order(x.kind, y.kind) || x.line - y.line || order(x.to, y.to);

/**
 * What a change to a file, or to one symbol of it, may break: the nodes that call, import,
 * inherit or implement it, then theirs, breadth first up to `depth` levels and `maxNodes` nodes;
 * the tests among them (the walk does not go on through a test), and which dependents no test
 * reaches. Levels mix files (an import) and symbols (a call): each reaches the next through
 * what points at it.
 */
export const impactOf = async (graph: GraphQueryable, request: ImpactRequest): Promise<ImpactAnswer> => {
  const index = await nodeIndex(graph);
  const found = findFile(index, request.file);
  if (found._tag === "UnknownFile") return found;
  let symbol: CodeNode | null = null;
  let targets: CodeNode[];
  if (request.symbol === null) targets = [found.node, ...found.symbols];
  else {
    const pick = pickSymbol(found.symbols, request.symbol);
    if (pick._tag !== "Symbol") return { ...pick, file: found.path, symbol: request.symbol };
    symbol = pick.symbol;
    targets = [pick.symbol, ...pick.members];
  }

  const reached = new Map<string, Dependent>();
  const names = new Map(targets.map((t) => [t.id, t.name]));
  // Every edge seen between reached nodes (and targets), dependent → what it depends on.
  const links: Array<readonly [string, string]> = [];
  let frontier = targets.map((t) => t.id);
  let nodeCapped = false;
  let beyondDepth = 0;
  const edges = await adjacency(graph);

  for (let depth = 1; depth <= request.depth + 1 && frontier.length > 0; depth++) {
    const past = depth > request.depth;
    const next: string[] = [];
    const beyond = new Set<string>();
    for (const edge of edgesAt(edges, frontier, "in", INCOMING).sort(byEdge)) {
      const node = codeNodeOf(nodeOf(index, edge.from));
      const dst = edge.to;
      if (names.has(node.id) && !reached.has(node.id)) continue; // a target
      if (reached.has(node.id)) {
        links.push([node.id, dst]);
        continue;
      }
      const test = isTestNode(node);
      // One level past the depth cap only tests are kept: they still reach the target.
      if (past && !test) {
        beyond.add(node.id);
        continue;
      }
      if (reached.size >= request.maxNodes) {
        nodeCapped = true;
        continue;
      }
      reached.set(node.id, { ...node, depth, via: edge.kind, on: names.get(dst) ?? dst, at: edge.line, test });
      names.set(node.id, node.name);
      links.push([node.id, dst]);
      if (!test) next.push(node.id);
    }
    beyondDepth = beyond.size;
    frontier = next;
  }

  const all = [...reached.values()];
  const tests = all.filter((d) => d.test);
  const dependents = all.filter((d) => !d.test);
  const tested = reachableFrom(
    tests.map((t) => t.id),
    links,
  );
  return {
    _tag: "Impact",
    file: found.path,
    symbol,
    targets,
    dependents,
    tests,
    untested: dependents.filter((d) => !tested.has(d.id)).map((d) => d.id),
    beyondDepth,
    nodeCapped,
  };
};

/** Nodes reachable from `starts` along `links` (dependent → dependency). */
const reachableFrom = (starts: ReadonlyArray<string>, links: ReadonlyArray<readonly [string, string]>): Set<string> => {
  const out = new Map<string, string[]>();
  for (const [from, to] of links) {
    const list = out.get(from);
    if (list === undefined) out.set(from, [to]);
    else list.push(to);
  }
  const seen = new Set(starts);
  const queue = [...starts];
  while (queue.length > 0) {
    for (const next of out.get(queue.pop()!) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
};
