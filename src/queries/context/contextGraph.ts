import type { EdgeKind } from "../../projections/graph/model.js";
import type { Direction, EdgeRow } from "../graph/edgesOf.js";

/** Docstring lines an answer shows. */
export const DOC_LINES = 3;

/** What smart context shows of a symbol: where it is, its head and the start of its docstring. */
export interface ContextSymbol {
  readonly id: string;
  readonly path: string;
  readonly kind: string;
  /** Qualified name (`Basic.subs`). */
  readonly name: string;
  readonly signature: string;
  /** The docstring's first lines only: no answer shows more of it. */
  readonly doc: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The part of the code graph a smart-context answer walks, held in memory: every symbol and
 * every CALLS, IMPLEMENTS, INHERITS, TESTS and IMPORTS edge between project nodes. Asked of
 * Kuzu per answer, the walk took a dozen scans (Kuzu has no index on the `IN` lists it needs):
 * 0.4-4 s on sympy. Built once per graph checkpoint (`ToolContext.graphSnapshot`), so it never
 * answers past a change.
 */
export interface ContextGraph {
  readonly symbols: ReadonlyMap<string, ContextSymbol>;
  /** A file's symbols, in line order. */
  symbolsIn(path: string): ReadonlyArray<ContextSymbol>;
  /**
   * Every edge of `kinds` leaving (`out`) or entering (`in`) any of `ids`, sorted by near node,
   * kind, far node and line: the rows and order `edgesOf` reads from Kuzu. With `perNode`, only
   * each node's first `perNode` edges to other nodes (and its edges to itself among them): a
   * walk that takes a few neighbours of a hub need not copy its thousands of callers.
   */
  edgesOf(ids: ReadonlyArray<string>, direction: Direction, kinds: ReadonlyArray<EdgeKind>, perNode?: number): EdgeRow[];
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The graph of these symbols and edges; edges touching a node outside the project (an External) are left out, as the walk leaves them out. */
export const contextGraphOf = (symbols: Iterable<ContextSymbol>, edges: Iterable<EdgeRow>): ContextGraph => {
  const byId = new Map<string, ContextSymbol>();
  const byPath = new Map<string, ContextSymbol[]>();
  for (const s of symbols) {
    byId.set(s.id, s);
    let inFile = byPath.get(s.path);
    if (!inFile) byPath.set(s.path, (inFile = []));
    inFile.push(s);
  }
  for (const list of byPath.values()) list.sort((a, b) => a.start - b.start || byText(a.id, b.id));
  const outs = new Map<string, EdgeRow[]>();
  const ins = new Map<string, EdgeRow[]>();
  const push = (index: Map<string, EdgeRow[]>, key: string, e: EdgeRow) => {
    const list = index.get(key);
    if (list) list.push(e);
    else index.set(key, [e]);
  };
  for (const e of edges) {
    if (e.from.startsWith("x:") || e.to.startsWith("x:")) continue;
    push(outs, e.from, e);
    push(ins, e.to, e);
  }
  for (const list of outs.values()) list.sort((a, b) => byText(a.kind, b.kind) || byText(a.to, b.to) || a.line - b.line);
  for (const list of ins.values()) list.sort((a, b) => byText(a.kind, b.kind) || byText(a.from, b.from) || a.line - b.line);
  return {
    symbols: byId,
    symbolsIn: (path) => byPath.get(path) ?? [],
    edgesOf: (ids, direction, kinds, perNode = Infinity) => {
      const wanted = new Set(kinds);
      const index = direction === "out" ? outs : ins;
      const rows: EdgeRow[] = [];
      for (const id of [...new Set(ids)].sort(byText)) {
        let taken = 0;
        for (const e of index.get(id) ?? []) {
          if (taken >= perNode) break;
          if (!wanted.has(e.kind)) continue;
          rows.push(e);
          if ((direction === "out" ? e.to : e.from) !== id) taken++;
        }
      }
      return rows;
    },
  };
};
