import type { EdgeKind } from "../../projections/index.js";
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
