import type { SyntaxNode } from "tree-sitter";
import { writtenType, type Param, type Reference, type SymbolKind, type TypeNotation } from "../../../events/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { lineDocAbove } from "../docComments.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type Mutable, type SymbolDraft } from "../Extraction.js";
import { field, identifierAt, textOf } from "../LanguageExtractor.js";
import { callByName, callThroughMember } from "../shared/handlers.js";
import { listedTypes } from "../typeLists.js";
import { rebaseSuper, useImports } from "./useImports.js";

/**
 * The names a pattern binds (`x`, `mut x`, `Some(x)`, `(a, &b)`, `Point { x, y: py }`), not the
 * paths and variants it matches against (`Some`, `Point`); a match guard is no pattern.
 */
const patternNames = (node: SyntaxNode, text: string): string[] => {
  const out: string[] = [];
  const work = [node];
  for (let next = work.pop(); next !== undefined; next = work.pop()) {
    if (next.type === "identifier" || next.type === "shorthand_field_identifier") {
      out.push(text.slice(startOf(next), endOf(next)));
      continue;
    }
    if (next.type === "scoped_identifier" || next.type === "generic_type" || next.type === "closure_expression") continue;
    const skip = next.type === "tuple_struct_pattern" || next.type === "struct_pattern" ? field(next, "type") : next.type === "match_pattern" ? field(next, "condition") : null;
    for (const child of namedChildrenOf(next)) if (skip === null || startOf(child) !== startOf(skip) || child.type !== skip.type) work.push(child);
  }
  return out;
};

const DOC_SKIP = ["#["];

export interface Impl {
  end: number;
  typeName: string;
  /** `impl<K, V>` parameters, in scope for every method of the block. */
  typeParams: string[];
}

/** A callee a `let` can be typed by: a path or a chain of names and calls (`a::B::new`, `self.repo.get`, `x.f().g`). */
const RUST_CALLEE = /^[\p{L}_][\p{L}\p{N}_]*(?:(?:::|\.)[\p{L}_][\p{L}\p{N}_]*(?:\(\))?)*$/u;

/** What a Rust file's handlers share. */
export interface RustScope {
  readonly impls: Impl[];
  readonly methods: { symbol: SymbolDraft; typeName: string }[];
  readonly implementsRefs: { reference: Mutable<Reference>; typeName: string }[];
  /** Ends of the inline `mod x { … }` blocks enclosing the node being visited. */
  readonly inlineMods: number[];
}

/** The `#[...]` attribute lines directly above `start` (doc comments in between are passed over). */
const attributesAbove = (text: string, start: number): string[] => {
  const out: string[] = [];
  const window = text.slice(Math.max(0, start - 4096), start);
  let lineEnd = window.lastIndexOf("\n");
  for (let guard = 0; guard < 50 && lineEnd > 0; guard++) {
    const lineStart = window.lastIndexOf("\n", lineEnd - 1) + 1;
    const line = window.slice(lineStart, lineEnd).trim();
    lineEnd = lineStart - 1;
    if (line.startsWith("#[")) out.push(line.replace(/\s+/g, ""));
    else if (!line.startsWith("//")) break;
  }
  return out;
};

const paramsOf = (x: Extraction, list: SyntaxNode | null): Param[] => {
  if (list === null) return [];
  const out: Param[] = [];
  for (const p of namedChildrenOf(list)) {
    if (p.type === "self_parameter") out.push({ name: oneLine(textOf(x, p), 40), type: null });
    else if (p.type === "parameter") {
      const pattern = field(p, "pattern");
      const type = field(p, "type");
      out.push({ name: pattern !== null ? oneLine(textOf(x, pattern), 80) : "", type: type !== null ? oneLine(textOf(x, type), 200) : null });
    }
  }
  return out;
};

export const modDepth = (start: number, s: RustScope): number => {
  while (s.inlineMods.length > 0 && s.inlineMods[s.inlineMods.length - 1]! <= start) s.inlineMods.pop();
  return s.inlineMods.length;
};

const currentImpl = (start: number, s: RustScope): Impl | null => {
  while (s.impls.length > 0 && s.impls[s.impls.length - 1]!.end <= start) s.impls.pop();
  return s.impls.length > 0 ? s.impls[s.impls.length - 1]! : null;
};

export const visitFunction = (x: Extraction, node: SyntaxNode, start: number, signatureOnly: boolean, s: RustScope): void => {
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const name = identifierAt(x.text, startOf(nameNode));
  const owner = x.current();
  if (owner !== null && owner.kind === "Interface" && !owner.members.includes(name)) owner.members.push(name);
  // A trait's required method is a symbol (what a call through `dyn Trait` / `T: Trait` reaches);
  // a signature elsewhere (`extern` blocks) is not.
  if (signatureOnly && (owner === null || owner.kind !== "Interface")) return;
  const impl = owner === null ? currentImpl(start, s) : null;
  const body = field(node, "body");
  const header = x.slice(start, Math.max(start, startOf(nameNode)));
  const isPub = /^\s*pub\b/.test(header);
  const isTest = attributesAbove(x.text, start).some((a) => /^#\[(?:[\w]+::)*test\]$/.test(a));
  const symbol = x.addSymbol({
    kind: isTest ? "Test" : impl !== null || (owner !== null && owner.kind === "Interface") ? "Method" : "Function",
    name,
    ...(impl !== null ? { qualifiedName: `${impl.typeName}.${name}`, parent: null } : {}),
    start,
    end: endOf(node),
    signature: x.signature(start, body !== null ? startOf(body) : endOf(node)).replace(/\s*;$/, ""),
    doc: lineDocAbove(x.text, start, "///", DOC_SKIP),
    exported: isPub,
    visibility: isPub ? "public" : "private",
    async: /\basync\b/.test(header),
    params: paramsOf(x, field(node, "parameters")),
  });
  const returnType = field(node, "return_type");
  if (returnType !== null) {
    symbol.returnsFrom = startOf(returnType);
    symbol.returnsTo = endOf(returnType);
  }
  if (impl !== null) {
    s.methods.push({ symbol, typeName: impl.typeName });
    if (impl.typeParams.length > 0) symbol.typeParams = new Set(impl.typeParams);
  }
};

export const visitItem = (x: Extraction, node: SyntaxNode, start: number, kind: SymbolKind): void => {
  if (x.current() !== null && kind === "Variable") return;
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const nameStart = startOf(nameNode);
  x.declNames.add(nameStart);
  const name = identifierAt(x.text, nameStart);
  const body = field(node, "body");
  const header = x.slice(start, nameStart);
  const isPub = /^\s*pub\b/.test(header);
  const symbol = x.addSymbol({
    kind,
    name,
    start,
    end: endOf(node),
    signature: x.signature(start, body !== null ? startOf(body) : endOf(node)).replace(/\s*;$/, ""),
    doc: lineDocAbove(x.text, start, "///", DOC_SKIP),
    exported: isPub,
    visibility: isPub ? "public" : "private",
  });
  if (kind === "Interface") {
    const bounds = field(node, "bounds");
    if (bounds !== null) {
      const boundsStart = startOf(bounds);
      const text = x.slice(boundsStart, endOf(bounds));
      const colon = text.indexOf(":") + 1;
      for (const t of listedTypes(text.slice(colon), "+")) {
        x.addReference("extends", t.name, t.qualifier, boundsStart + colon + t.offset, symbol);
      }
      x.skipTypesUntil = endOf(bounds);
    }
  }
};

export const visitImpl = (x: Extraction, node: SyntaxNode, start: number, s: RustScope): void => {
  const typeNode = field(node, "type");
  if (typeNode === null) return;
  const typeText = x.slice(startOf(typeNode), endOf(typeNode));
  const typeName = listedTypes(typeText)[0]?.name;
  if (typeName === undefined) return;
  currentImpl(start, s);
  const generics = /^impl\s*<([^{]*?)>\s/.exec(x.slice(start, startOf(typeNode)));
  const typeParams = generics !== null ? listedTypes(generics[1]!.replace(/'\w+\s*,?/g, "")).map((t) => t.name) : [];
  s.impls.push({ end: endOf(node), typeName, typeParams });
  // The header names the implementing type and trait: not uses of them as types.
  x.skipTypesUntil = Math.max(x.skipTypesUntil, endOf(typeNode));
  const trait = field(node, "trait");
  if (trait !== null) {
    const traitStart = startOf(trait);
    const t = listedTypes(x.slice(traitStart, endOf(trait)))[0];
    if (t !== undefined) {
      const qualifier = t.qualifier !== null ? pathQualifier(t.qualifier, traitStart, s) : null;
      const reference = x.addReference("implements", t.name, qualifier, traitStart + t.offset, null);
      s.implementsRefs.push({ reference, typeName });
    }
    x.skipTypesUntil = Math.max(x.skipTypesUntil, endOf(trait));
  }
};

export const visitUse = (x: Extraction, start: number, node: SyntaxNode, s: RustScope): void => {
  const argument = field(node, "argument");
  if (argument === null) return;
  const line = x.lineOf(start);
  const depth = modDepth(start, s);
  for (const entry of useImports(x.slice(startOf(argument), endOf(argument)))) {
    x.addImport({ specifier: rebaseSuper(entry.specifier, depth), names: entry.names, kind: "import", typeOnly: false, line });
  }
};

/** `mod x;` brings the module file in under its name; `mod x { … }` opens an inline module. */
export const visitMod = (x: Extraction, start: number, node: SyntaxNode, s: RustScope): void => {
  const body = field(node, "body");
  if (body !== null) {
    modDepth(start, s);
    s.inlineMods.push(endOf(node));
    return;
  }
  const nameNode = field(node, "name");
  if (nameNode === null || modDepth(start, s) > 0) return;
  const name = identifierAt(x.text, startOf(nameNode));
  if (name.length > 0) x.addImport({ specifier: name, names: [{ name: "*", alias: name }], kind: "import", typeOnly: false, line: x.lineOf(start) });
};

/** `repo: Repo` in a struct's body: a typed field (`self.repo.get()` reaches Repo's methods). */
export const visitField = (x: Extraction, node: SyntaxNode): void => {
  const owner = x.current();
  const name = field(node, "name");
  const type = field(node, "type");
  if (owner === null || owner.kind !== "Class" || name === null || type === null) return;
  x.bindType(owner, textOf(x, name), writtenType(oneLine(textOf(x, type), 200)), true);
};

/** `let x: T = …`, `let mut x = T::new()`, `let x = T { … }`, `let x = a.f()?`: a typed local. */
export const visitLet = (x: Extraction, node: SyntaxNode, s: RustScope): void => {
  const owner = x.current();
  const pattern = field(node, "pattern");
  if (owner === null || !FUNCTION_KINDS.has(owner.kind) || pattern === null) return;
  const nameNode = pattern.type === "mut_pattern" ? namedChildrenOf(pattern)[0] : pattern;
  if (nameNode === undefined || nameNode.type !== "identifier") return shadowPattern(x, pattern);
  const declared = field(node, "type");
  if (declared !== null) x.bindType(owner, textOf(x, nameNode), writtenType(oneLine(textOf(x, declared), 200)), true);
  else x.bindType(owner, textOf(x, nameNode), letValueType(x, field(node, "value"), s));
};

/** Names a pattern binds inside a function, of no type we know: they hide typed locals of the same name. */
export const shadowPattern = (x: Extraction, pattern: SyntaxNode | null): void => {
  const owner = x.current();
  if (owner === null || !FUNCTION_KINDS.has(owner.kind) || pattern === null) return;
  for (const name of patternNames(pattern, x.text)) x.shadowType(owner, name);
};

/** A closure's parameters: typed when annotated (`|r: &Repo|`), else hiding what they are named like. */
export const visitClosure = (x: Extraction, node: SyntaxNode): void => {
  const owner = x.current();
  const params = field(node, "parameters");
  if (owner === null || !FUNCTION_KINDS.has(owner.kind) || params === null) return;
  for (const param of namedChildrenOf(params)) {
    const pattern = param.type === "parameter" ? field(param, "pattern") : param;
    const type = param.type === "parameter" ? field(param, "type") : null;
    if (type !== null && pattern !== null && pattern.type === "identifier") x.bindType(owner, textOf(x, pattern), writtenType(oneLine(textOf(x, type), 200)), true);
    else shadowPattern(x, pattern);
  }
};

/** What a `let` value gives: the struct a literal names, or what a call (`a::f()` / `x.f()`) returns. */
const letValueType = (x: Extraction, value: SyntaxNode | null, s: RustScope): TypeNotation | null => {
  if (value === null) return null;
  if (value.type === "try_expression") return letValueType(x, namedChildrenOf(value)[0] ?? null, s);
  if (value.type === "struct_expression") {
    const name = field(value, "name");
    return name !== null && name.type !== "generic_type" ? writtenType(pathQualifier(textOf(x, name).replace(/\s+/g, ""), startOf(value), s)) : null;
  }
  const fn = value.type === "call_expression" ? field(value, "function") : null;
  if (fn === null || (fn.type !== "identifier" && fn.type !== "scoped_identifier" && fn.type !== "field_expression")) return null;
  const callee = textOf(x, fn).replace(/\s+/g, "");
  return RUST_CALLEE.test(callee) ? { _tag: "Returned", callee: pathQualifier(callee, startOf(value), s) } : null;
};

/** A call's qualifier path, with `super` taken relative to the inline modules around `at`. */
export const pathQualifier = (qualifier: string, at: number, s: RustScope): string => rebaseSuper(qualifier, modDepth(at, s));

export const visitCall = (x: Extraction, node: SyntaxNode, s: RustScope): void => {
  const fn = field(node, "function");
  if (fn === null) return;
  const fnStart = startOf(fn);
  switch (fn.type) {
    case "identifier":
      callByName(x, fnStart);
      return;
    case "field_expression":
      callThroughMember(x, fnStart, endOf(fn));
      return;
    case "scoped_identifier":
    case "generic_function": {
      const text = x.slice(fnStart, Math.min(endOf(fn), fnStart + 400)).replace(/::\s*<.*$/s, "");
      const cut = text.lastIndexOf("::");
      // `f::<T>()` has no path: the name starts the text.
      const name = text.slice(cut === -1 ? 0 : cut + 2).trim();
      if (/^[\p{L}_][\p{L}\p{N}_]*$/u.test(name)) {
        const reference = x.addReference("call", name, cut > 0 ? pathQualifier(oneLine(text.slice(0, cut), 120), fnStart, s) : null, fnStart + text.lastIndexOf(name));
        if (reference.qualifier !== null) reference.path = true;
      }
    }
  }
};
