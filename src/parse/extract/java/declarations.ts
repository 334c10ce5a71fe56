import type { SyntaxNode } from "tree-sitter";
import { writtenType, type Param, type SymbolKind, type TypeNotation } from "../../../events/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { blockDocAbove } from "../docComments.js";
import { FUNCTION_KINDS, oneLine, type Extraction } from "../Extraction.js";
import { field, identifierAt, textOf } from "../LanguageExtractor.js";
import { listedTypes } from "../typeLists.js";
import { bareType, DOTTED_NAME } from "./arguments.js";

/**
 * Declared types with no methods of ours: primitives and arrays. Bound as written all the
 * same (an argument's type picks among overloads); the resolver finds no class by such names.
 */
const UNTYPED = new Set(["integral_type", "floating_point_type", "boolean_type", "array_type"]);

/** Symbols whose body declares fields. */
const JAVA_CLASS_KINDS: ReadonlySet<SymbolKind> = new Set(["Class", "Interface", "Enum"]);

const MODIFIER = /\b(public|private|protected)\b/;

const paramsOf = (x: Extraction, list: SyntaxNode | null): Param[] => {
  if (list === null) return [];
  const out: Param[] = [];
  for (const p of namedChildrenOf(list)) {
    if (p.type === "formal_parameter") {
      const type = field(p, "type");
      const name = field(p, "name");
      out.push({ name: name !== null ? textOf(x, name) : "", type: type !== null ? oneLine(textOf(x, type), 200) : null });
    } else if (p.type === "spread_parameter") {
      const text = oneLine(textOf(x, p), 200);
      const m = /^(.*?)\s*\.\.\.\s*([\p{L}_$][\p{L}\p{N}_$]*)$/u.exec(text);
      out.push(m !== null ? { name: m[2]!, type: `${m[1]!}...` } : { name: text, type: null });
    }
  }
  return out;
};

export const visitType = (x: Extraction, node: SyntaxNode, kind: SymbolKind): void => {
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const start = startOf(node);
  const body = field(node, "body");
  const header = x.slice(start, body !== null ? startOf(body) : endOf(node));
  const access = MODIFIER.exec(header.slice(0, Math.max(0, startOf(nameNode) - start)));
  const visibility = access !== null ? (access[1] as "public" | "private" | "protected") : null;
  x.addSymbol({
    kind,
    name: identifierAt(x.text, startOf(nameNode)),
    start,
    end: endOf(node),
    signature: oneLine(header, 200),
    doc: blockDocAbove(x.text, start),
    exported: visibility === "public",
    visibility,
  });
};

export const visitMethod = (x: Extraction, node: SyntaxNode): void => {
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const start = startOf(node);
  const nameStart = startOf(nameNode);
  const name = identifierAt(x.text, nameStart);
  const body = field(node, "body");
  const modifiers = x.slice(start, nameStart);
  const access = MODIFIER.exec(modifiers);
  const owner = x.current();
  const visibility = access !== null ? (access[1] as "public" | "private" | "protected") : owner?.kind === "Interface" ? "public" : null;
  if (owner !== null && owner.kind === "Interface" && !owner.members.includes(name)) owner.members.push(name);
  const symbol = x.addSymbol({
    kind: /@Test\b|@ParameterizedTest\b/.test(modifiers) ? "Test" : "Method",
    name,
    start,
    end: endOf(node),
    signature: x.signature(start, body !== null ? startOf(body) : endOf(node)).replace(/\s*;$/, ""),
    doc: blockDocAbove(x.text, start),
    exported: visibility === "public",
    visibility,
    params: paramsOf(x, field(node, "parameters")),
  });
  const returnType = field(node, "type");
  if (returnType !== null) {
    symbol.returnsFrom = startOf(returnType);
    symbol.returnsTo = endOf(returnType);
  }
};

/**
 * `Auth auth;` in a class body types a field, `Auth a = …;` / `var a = new Auth();` in a method
 * a local (`ExtractedSymbol.typed`). Arrays and primitives are left out: no methods of ours.
 */
export const visitVariables = (x: Extraction, node: SyntaxNode, isField: boolean): void => {
  const owner = x.current();
  const typeNode = field(node, "type");
  if (owner === null || typeNode === null || (isField ? !JAVA_CLASS_KINDS.has(owner.kind) : !FUNCTION_KINDS.has(owner.kind))) return;
  const untyped = UNTYPED.has(typeNode.type);
  const declared = oneLine(textOf(x, typeNode), 200);
  for (const declarator of namedChildrenOf(node)) {
    if (declarator.type !== "variable_declarator") continue;
    const nameNode = field(declarator, "name");
    if (nameNode === null || nameNode.type !== "identifier") continue;
    if (!isField) x.addLocal(owner, textOf(x, nameNode));
    if (field(declarator, "dimensions") !== null) continue;
    if (untyped) x.bindType(owner, textOf(x, nameNode), writtenType(bareType(declared)), true);
    else if (declared !== "var") x.bindType(owner, textOf(x, nameNode), writtenType(declared), true);
    else x.bindType(owner, textOf(x, nameNode), inferredType(x, field(declarator, "value")));
  }
};

/** A local bound by a loop, a catch clause or a lambda: typed when declared so (`for (Auth a : all)`). */
export const visitOtherLocal = (x: Extraction, node: SyntaxNode): void => {
  const owner = x.current();
  if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return;
  if (node.type === "lambda_expression") {
    const params = field(node, "parameters");
    const names = params === null ? [] : params.type === "identifier" ? [params] : namedChildrenOf(params).map((p) => (p.type === "identifier" ? p : field(p, "name")));
    for (const name of names) {
      if (name === null) continue;
      x.addLocal(owner, textOf(x, name));
      x.shadowType(owner, textOf(x, name));
    }
    return;
  }
  const name = field(node, "name");
  if (name === null) return;
  x.addLocal(owner, textOf(x, name));
  const type = node.type === "enhanced_for_statement" ? field(node, "type") : null;
  if (type !== null && !UNTYPED.has(type.type) && textOf(x, type) !== "var") x.bindType(owner, textOf(x, name), writtenType(oneLine(textOf(x, type), 200)), true);
  else x.shadowType(owner, textOf(x, name));
};

/** What `var x = …` holds: the class `new T()` names, or what `f()` / `a.f()` returns. */
const inferredType = (x: Extraction, value: SyntaxNode | null): TypeNotation | null => {
  if (value === null) return null;
  if (value.type === "object_creation_expression") {
    const created = field(value, "type");
    return created !== null ? writtenType(oneLine(textOf(x, created), 200)) : null;
  }
  const name = value.type === "method_invocation" ? field(value, "name") : null;
  if (name === null) return null;
  const callee = x.slice(startOf(value), endOf(name)).replace(/\s+/g, "");
  return DOTTED_NAME.test(callee) ? { _tag: "Returned", callee } : null;
};

export const heritage = (x: Extraction, node: SyntaxNode, kind: "extends" | "implements"): void => {
  const start = startOf(node);
  const end = endOf(node);
  const text = x.slice(start, Math.min(end, start + 2000));
  const keyword = /^\s*(extends|implements)\s+/.exec(text);
  const from = keyword !== null ? keyword[0].length : 0;
  for (const t of listedTypes(text.slice(from))) x.addReference(kind, t.name, t.qualifier, start + from + t.offset);
  x.skipTypesUntil = end;
};
