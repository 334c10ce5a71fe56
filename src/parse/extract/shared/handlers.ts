import type { SyntaxNode } from "tree-sitter";
import type { SymbolKind } from "../../../events/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { oneLine, type Extraction, type SymbolDraft } from "../Extraction.js";
import { identifierAt, typeNameAt } from "../LanguageExtractor.js";
import { splitCallee } from "../splitCallee.js";
import type { Handler } from "../table/LanguageTable.js";

/**
 * Handlers and helpers every language table shares: type names, type parameters, qualified
 * types, calls by name and through a member, methods attached to their type by name.
 */

/** `Foo` used as a type, unless it is a declaration's name or one of `builtins`. */
export const typeIdentifier =
  (builtins: ReadonlySet<string>): Handler<unknown> =>
  (ref, x) =>
    typeNameAt(x, ref.start, builtins);

/** `<T>`: a name declared for the enclosing symbol, never a type use. */
export const typeParameter: Handler<unknown> = (ref, x) => {
  const start = ref.start;
  const name = identifierAt(x.text, start);
  x.declNames.add(start);
  const owner = x.current();
  if (owner !== null && name.length > 0) (owner.typeParams ??= new Set()).add(name);
};

/**
 * A qualified type name (`pkg.T`, `a.b.T`, `a::b::T`) read from the text at `start` with
 * `pattern` (group 1: the qualifier with its trailing separator, group 2: the name): a type use
 * of the name, qualified, the whole taken so its parts are not reported again.
 */
export const qualifiedTypeAt = (x: Extraction, start: number, pattern: RegExp, separator: string, window: number): void => {
  if (start < x.skipTypesUntil) return;
  const m = pattern.exec(x.slice(start, start + window));
  if (m === null || m[1]!.length === 0) return;
  let qualifier = m[1]!.replace(/\s+/g, "");
  if (qualifier.endsWith(separator)) qualifier = qualifier.slice(0, -separator.length);
  x.typeUse(m[2]!, qualifier, start + m[0].length - m[2]!.length);
  x.skipTypesUntil = start + m[0].length;
};

/** A call of a plain name at `at`: `f()`. */
export const callByName = (x: Extraction, at: number): void => {
  x.addReference("call", identifierAt(x.text, at), null, at);
};

/** A call through a member (`a.b.f()`, `self.x.g()`), split from the callee's text `[start, end)`. */
export const callThroughMember = (x: Extraction, start: number, end: number): void => {
  const callee = splitCallee(x.slice(start, Math.min(end, start + 400)));
  if (callee !== null) x.addReference("call", callee.name, callee.qualifier !== null ? oneLine(callee.qualifier, 120) : null, start + callee.nameOffset);
};

/** The file's top-level symbols of `kinds`, by name: where methods declared apart from their type (Go receivers, Rust impls) belong. */
export const topLevelTypes = (x: Extraction, kinds: ReadonlySet<SymbolKind>): Map<string, SymbolDraft> => {
  const types = new Map<string, SymbolDraft>();
  for (const s of x.symbols) if (s.parent === null && kinds.has(s.kind)) types.set(s.name, s);
  return types;
};

/** Where a declaration's own text starts: after its leading attribute lists (C# `[Fact]`, PHP `#[Test]`). */
export const afterAttributes = (node: SyntaxNode): number => {
  let start = startOf(node);
  for (const child of namedChildrenOf(node)) {
    if (child.type !== "attribute_list") break;
    start = endOf(child);
  }
  return start;
};
