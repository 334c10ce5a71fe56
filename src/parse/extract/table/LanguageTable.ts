import type { Extraction } from "../Extraction.js";
import type { LanguageExtractor, NodeRef } from "../LanguageExtractor.js";

/** What one node type does to a file's extraction; `scope` is the file's own state (see `LanguageTable.scope`). */
export type Handler<S> = (ref: NodeRef, x: Extraction, scope: S) => void;

/**
 * One language's extraction rules as data: the node types that add a branch, a handler per node
 * type of interest, and the per-file scope rules (what a file's handlers share: the `impl` block
 * or namespace being inside, methods waiting for their type). A new language is one of these.
 */
export interface LanguageTable<S> {
  readonly branches: ReadonlySet<string>;
  readonly handlers: Readonly<Record<string, Handler<S>>>;
  /** A fresh scope for the file at `path`. */
  readonly scope: (path: string) => S;
  /** Called once after the walk, with the file's scope. */
  readonly finish?: (x: Extraction, scope: S) => void;
}

const interestOf = new WeakMap<object, readonly string[]>();

/** A fresh extractor for one file, driven by `table`. */
export const tableExtractor = <S>(table: LanguageTable<S>, path: string): LanguageExtractor => {
  let interest = interestOf.get(table);
  if (interest === undefined) interestOf.set(table, (interest = Object.keys(table.handlers)));
  const scope = table.scope(path);
  const { handlers, finish } = table;
  return {
    branches: table.branches,
    interest,
    visit(ref, x) {
      handlers[ref.type]?.(ref, x, scope);
    },
    ...(finish !== undefined ? { finish: (x: Extraction) => finish(x, scope) } : {}),
  };
};
