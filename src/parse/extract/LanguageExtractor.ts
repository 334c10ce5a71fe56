import type { SyntaxNode } from "tree-sitter";
import { childByField, endOf, startOf } from "../collectNodes.js";
import type { Extraction } from "./Extraction.js";

/**
 * The node being visited: its type and start are free; `node()` builds the `SyntaxNode`
 * (a few native calls), so handlers that need only a position never pay for it.
 */
export interface NodeRef {
  readonly type: string;
  readonly start: number;
  node(): SyntaxNode;
}

/**
 * One language's extraction rules. The runner collects every node whose type is a branch or in
 * `interest` in a single native walk, then, in document order, counts each branch and calls
 * `visit` for the rest.
 */
export interface LanguageExtractor {
  /** Node types that each add one path through their function (cyclomatic complexity): the runner counts them. */
  readonly branches: ReadonlySet<string>;
  /** The other node types `visit` is called for. */
  readonly interest: readonly string[];
  visit(ref: NodeRef, x: Extraction): void;
  /** Called once after the walk (e.g. to apply `export { a }` lists to symbols). */
  finish?(x: Extraction): void;
}

export const field = (node: SyntaxNode, name: string): SyntaxNode | null => childByField(node, name);

export const textOf = (x: Extraction, node: SyntaxNode): string => x.text.slice(startOf(node), endOf(node));

/** Text of a string literal node without its quotes (no escape processing: specifiers rarely have any). */
export const unquote = (literal: string): string => {
  const first = literal.charAt(0);
  if ((first === '"' || first === "'" || first === "`") && literal.length >= 2 && literal.endsWith(first)) {
    return literal.slice(1, -1);
  }
  return literal;
};

const IDENT = /[\p{ID_Continue}$\u200c\u200d]*/uy;

/** The identifier starting at `start` in `text`, read without asking the tree for its end. */
export const identifierAt = (text: string, start: number): string => {
  IDENT.lastIndex = start;
  const m = IDENT.exec(text);
  return m !== null ? m[0] : "";
};

const NO_BUILTINS: ReadonlySet<string> = new Set();

/**
 * A plain type name at `start` as a type use, unless it is the name a declaration introduces,
 * part of a qualified type already taken whole, or one of the language's `builtins`.
 */
export const typeNameAt = (x: Extraction, start: number, builtins: ReadonlySet<string> = NO_BUILTINS): void => {
  if (start < x.skipTypesUntil || x.declNames.has(start)) return;
  const name = identifierAt(x.text, start);
  if (!builtins.has(name)) x.typeUse(name, null, start);
};
