import type { SyntaxNode } from "tree-sitter";
import type { ImportedName, Param, Reference, SymbolKind } from "../../events/types/parse.js";
import type { TypeNotation } from "../../events/types/typeNotation.js";
import { writtenType } from "../../events/types/writtenType.js";
import { endOf, namedChildrenOf, startOf } from "../collectNodes.js";
import { lineDocAbove } from "./docComments.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type Mutable, type SymbolDraft } from "./Extraction.js";
import { field, identifierAt, textOf, typeNameAt, type LanguageExtractor } from "./LanguageExtractor.js";
import { splitCallee } from "./splitCallee.js";
import { listedTypes, splitTopLevel } from "./typeLists.js";

const BRANCHES = new Set(["if_expression", "match_arm", "while_expression", "for_expression", "&&", "||"]);

const ITEMS: Record<string, SymbolKind> = {
  struct_item: "Class",
  union_item: "Class",
  enum_item: "Enum",
  trait_item: "Interface",
  type_item: "Type",
  const_item: "Variable",
  static_item: "Variable",
};

const INTEREST = [
  ...Object.keys(ITEMS),
  "function_item",
  "function_signature_item",
  "impl_item",
  "use_declaration",
  "mod_item",
  "call_expression",
  "struct_expression",
  "type_identifier",
  "scoped_type_identifier",
  "type_parameter",
  // Typed struct fields and `let` locals, through which `self.f.m()` and `x.m()` reach T's methods.
  "field_declaration",
  "let_declaration",
  // Names bound by patterns: they hide a typed local of the same name.
  "closure_expression",
  "for_expression",
  "match_arm",
  "let_condition",
];

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

const BUILTIN_TYPES = new Set(["Self", "Option", "Result", "Vec", "Box", "String"]);
const DOC_SKIP = ["#["];
const STRUCT_LITERAL = /^((?:[\p{L}_][\p{L}\p{N}_]*\s*::\s*)*)([\p{L}_][\p{L}\p{N}_]*)/u;

interface Impl {
  end: number;
  typeName: string;
  /** `impl<K, V>` parameters, in scope for every method of the block. */
  typeParams: string[];
}

/** A callee a `let` can be typed by: a path or a chain of names and calls (`a::B::new`, `self.repo.get`, `x.f().g`). */
const RUST_CALLEE = /^[\p{L}_][\p{L}\p{N}_]*(?:(?:::|\.)[\p{L}_][\p{L}\p{N}_]*(?:\(\))?)*$/u;

const lastSegment = (path: string): string => path.slice(path.lastIndexOf("::") + 2);

/**
 * A path written inside `depth` inline modules (`mod tests { … }`), whose items the extractor
 * keeps in the file's own scope: each leading `super` climbs out of one of them, so it names
 * this file's module (`self`) rather than the file's parent.
 */
export const rebaseSuper = (path: string, depth: number): string => {
  if (depth === 0) return path;
  const segments = path.split("::");
  let i = 0;
  while (i < depth && segments[i]?.trim() === "super") i++;
  if (i === 0) return path;
  const rest = segments.slice(i);
  if (rest.length > 0 && rest[0]!.trim() === "super") return rest.join("::");
  return ["self", ...rest].join("::");
};

/** `a::b::{C, D as E}` → one import per module path, names with aliases; `*` for globs. */
export const useImports = (tree: string): { specifier: string; names: ImportedName[] }[] => {
  const bySpecifier = new Map<string, ImportedName[]>();
  const add = (specifier: string, name: ImportedName): void => {
    let names = bySpecifier.get(specifier);
    if (names === undefined) bySpecifier.set(specifier, (names = []));
    names.push(name);
  };
  const work: { prefix: string; text: string }[] = [{ prefix: "", text: tree }];
  while (work.length > 0) {
    const { prefix, text } = work.pop()!;
    const open = text.indexOf("{");
    if (open !== -1) {
      const close = text.lastIndexOf("}");
      const head = text.slice(0, open).replace(/\s+/g, "").replace(/::$/, "");
      const inner = text.slice(open + 1, close === -1 ? text.length : close);
      const base = head.length > 0 ? (prefix.length > 0 ? `${prefix}::${head}` : head) : prefix;
      const parts = splitTopLevel(inner, ",");
      for (let i = parts.length - 1; i >= 0; i--) {
        const part = parts[i]!.part.trim();
        if (part.length > 0) work.push({ prefix: base, text: part });
      }
      continue;
    }
    const m = /^(.*?)(?:\s+as\s+([\p{L}_][\p{L}\p{N}_]*))?\s*$/su.exec(text.trim());
    const path = (m?.[1] ?? text).replace(/\s+/g, "");
    const alias = m?.[2] ?? null;
    const full = prefix.length > 0 ? (path.length > 0 ? `${prefix}::${path}` : prefix) : path;
    const cut = full.lastIndexOf("::");
    const last = cut === -1 ? full : full.slice(cut + 2);
    const module = cut === -1 ? "" : full.slice(0, cut);
    // `a::b::{self}` and `use a;` bind the module itself under its last segment (not a glob).
    if (last === "*") add(module, { name: "*", alias: null });
    else if (last === "self") add(module, { name: "*", alias: alias ?? lastSegment(module) });
    else if (module.length === 0) add(full, { name: "*", alias: alias ?? full });
    else add(module, { name: last, alias: alias !== null && alias !== last ? alias : null });
  }
  return [...bySpecifier].map(([specifier, names]) => ({ specifier, names }));
};

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

export const makeRustExtractor = (_path: string): LanguageExtractor => {
  const impls: Impl[] = [];
  const methods: { symbol: SymbolDraft; typeName: string }[] = [];
  const implementsRefs: { reference: Mutable<Reference>; typeName: string }[] = [];
  /** Ends of the inline `mod x { … }` blocks enclosing the node being visited. */
  const inlineMods: number[] = [];

  const modDepth = (start: number): number => {
    while (inlineMods.length > 0 && inlineMods[inlineMods.length - 1]! <= start) inlineMods.pop();
    return inlineMods.length;
  };

  const currentImpl = (start: number): Impl | null => {
    while (impls.length > 0 && impls[impls.length - 1]!.end <= start) impls.pop();
    return impls.length > 0 ? impls[impls.length - 1]! : null;
  };

  const visitFunction = (x: Extraction, node: SyntaxNode, start: number, signatureOnly: boolean): void => {
    const nameNode = field(node, "name");
    if (nameNode === null) return;
    const name = identifierAt(x.text, startOf(nameNode));
    const owner = x.current();
    if (owner !== null && owner.kind === "Interface" && !owner.members.includes(name)) owner.members.push(name);
    // A trait's required method is a symbol (what a call through `dyn Trait` / `T: Trait` reaches);
    // a signature elsewhere (`extern` blocks) is not.
    if (signatureOnly && (owner === null || owner.kind !== "Interface")) return;
    const impl = owner === null ? currentImpl(start) : null;
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
      methods.push({ symbol, typeName: impl.typeName });
      if (impl.typeParams.length > 0) symbol.typeParams = new Set(impl.typeParams);
    }
  };

  const visitItem = (x: Extraction, node: SyntaxNode, start: number, kind: SymbolKind): void => {
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

  const visitImpl = (x: Extraction, node: SyntaxNode, start: number): void => {
    const typeNode = field(node, "type");
    if (typeNode === null) return;
    const typeText = x.slice(startOf(typeNode), endOf(typeNode));
    const typeName = listedTypes(typeText)[0]?.name;
    if (typeName === undefined) return;
    currentImpl(start);
    const generics = /^impl\s*<([^{]*?)>\s/.exec(x.slice(start, startOf(typeNode)));
    const typeParams = generics !== null ? listedTypes(generics[1]!.replace(/'\w+\s*,?/g, "")).map((t) => t.name) : [];
    impls.push({ end: endOf(node), typeName, typeParams });
    // The header names the implementing type and trait: not uses of them as types.
    x.skipTypesUntil = Math.max(x.skipTypesUntil, endOf(typeNode));
    const trait = field(node, "trait");
    if (trait !== null) {
      const traitStart = startOf(trait);
      const t = listedTypes(x.slice(traitStart, endOf(trait)))[0];
      if (t !== undefined) {
        const qualifier = t.qualifier !== null ? pathQualifier(t.qualifier, traitStart) : null;
        const reference = x.addReference("implements", t.name, qualifier, traitStart + t.offset, null);
        implementsRefs.push({ reference, typeName });
      }
      x.skipTypesUntil = Math.max(x.skipTypesUntil, endOf(trait));
    }
  };

  const visitUse = (x: Extraction, start: number, node: SyntaxNode): void => {
    const argument = field(node, "argument");
    if (argument === null) return;
    const line = x.lineOf(start);
    const depth = modDepth(start);
    for (const entry of useImports(x.slice(startOf(argument), endOf(argument)))) {
      x.addImport({ specifier: rebaseSuper(entry.specifier, depth), names: entry.names, kind: "import", typeOnly: false, line });
    }
  };

  /** `mod x;` brings the module file in under its name; `mod x { … }` opens an inline module. */
  const visitMod = (x: Extraction, start: number, node: SyntaxNode): void => {
    const body = field(node, "body");
    if (body !== null) {
      modDepth(start);
      inlineMods.push(endOf(node));
      return;
    }
    const nameNode = field(node, "name");
    if (nameNode === null || modDepth(start) > 0) return;
    const name = identifierAt(x.text, startOf(nameNode));
    if (name.length > 0) x.addImport({ specifier: name, names: [{ name: "*", alias: name }], kind: "import", typeOnly: false, line: x.lineOf(start) });
  };

  /** `repo: Repo` in a struct's body: a typed field (`self.repo.get()` reaches Repo's methods). */
  const visitField = (x: Extraction, node: SyntaxNode): void => {
    const owner = x.current();
    const name = field(node, "name");
    const type = field(node, "type");
    if (owner === null || owner.kind !== "Class" || name === null || type === null) return;
    x.bindType(owner, textOf(x, name), writtenType(oneLine(textOf(x, type), 200)), true);
  };

  /** `let x: T = …`, `let mut x = T::new()`, `let x = T { … }`, `let x = a.f()?`: a typed local. */
  const visitLet = (x: Extraction, node: SyntaxNode): void => {
    const owner = x.current();
    const pattern = field(node, "pattern");
    if (owner === null || !FUNCTION_KINDS.has(owner.kind) || pattern === null) return;
    const nameNode = pattern.type === "mut_pattern" ? namedChildrenOf(pattern)[0] : pattern;
    if (nameNode === undefined || nameNode.type !== "identifier") return shadowPattern(x, pattern);
    const declared = field(node, "type");
    if (declared !== null) x.bindType(owner, textOf(x, nameNode), writtenType(oneLine(textOf(x, declared), 200)), true);
    else x.bindType(owner, textOf(x, nameNode), letValueType(x, field(node, "value")));
  };

  /** Names a pattern binds inside a function, of no type we know: they hide typed locals of the same name. */
  const shadowPattern = (x: Extraction, pattern: SyntaxNode | null): void => {
    const owner = x.current();
    if (owner === null || !FUNCTION_KINDS.has(owner.kind) || pattern === null) return;
    for (const name of patternNames(pattern, x.text)) x.shadowType(owner, name);
  };

  /** A closure's parameters: typed when annotated (`|r: &Repo|`), else hiding what they are named like. */
  const visitClosure = (x: Extraction, node: SyntaxNode): void => {
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
  const letValueType = (x: Extraction, value: SyntaxNode | null): TypeNotation | null => {
    if (value === null) return null;
    if (value.type === "try_expression") return letValueType(x, namedChildrenOf(value)[0] ?? null);
    if (value.type === "struct_expression") {
      const name = field(value, "name");
      return name !== null && name.type !== "generic_type" ? writtenType(pathQualifier(textOf(x, name).replace(/\s+/g, ""), startOf(value))) : null;
    }
    const fn = value.type === "call_expression" ? field(value, "function") : null;
    if (fn === null || (fn.type !== "identifier" && fn.type !== "scoped_identifier" && fn.type !== "field_expression")) return null;
    const callee = textOf(x, fn).replace(/\s+/g, "");
    return RUST_CALLEE.test(callee) ? { _tag: "Returned", callee: pathQualifier(callee, startOf(value)) } : null;
  };

  /** A call's qualifier path, with `super` taken relative to the inline modules around `at`. */
  const pathQualifier = (qualifier: string, at: number): string => rebaseSuper(qualifier, modDepth(at));

  const visitCall = (x: Extraction, node: SyntaxNode): void => {
    const fn = field(node, "function");
    if (fn === null) return;
    const fnStart = startOf(fn);
    switch (fn.type) {
      case "identifier":
        x.addReference("call", identifierAt(x.text, fnStart), null, fnStart);
        return;
      case "field_expression": {
        const callee = splitCallee(x.slice(fnStart, Math.min(endOf(fn), fnStart + 400)));
        if (callee !== null) x.addReference("call", callee.name, callee.qualifier !== null ? oneLine(callee.qualifier, 120) : null, fnStart + callee.nameOffset);
        return;
      }
      case "scoped_identifier":
      case "generic_function": {
        const text = x.slice(fnStart, Math.min(endOf(fn), fnStart + 400)).replace(/::\s*<.*$/s, "");
        const cut = text.lastIndexOf("::");
        // `f::<T>()` has no path: the name starts the text.
        const name = text.slice(cut === -1 ? 0 : cut + 2).trim();
        if (/^[\p{L}_][\p{L}\p{N}_]*$/u.test(name)) {
          const reference = x.addReference("call", name, cut > 0 ? pathQualifier(oneLine(text.slice(0, cut), 120), fnStart) : null, fnStart + text.lastIndexOf(name));
          if (reference.qualifier !== null) reference.path = true;
        }
      }
    }
  };

  return {
    branches: BRANCHES,
    interest: INTEREST,
    visit(ref, x) {
      const type = ref.type;
      const start = ref.start;
      switch (type) {
        case "type_identifier":
          typeNameAt(x, start, BUILTIN_TYPES);
          return;
        case "scoped_type_identifier": {
          if (start < x.skipTypesUntil) return;
          const m = STRUCT_LITERAL.exec(x.slice(start, start + 300));
          if (m === null || m[1]!.length === 0) return;
          x.typeUse(m[2]!, m[1]!.replace(/\s+/g, "").replace(/::$/, ""), start + m[0].length - m[2]!.length);
          x.skipTypesUntil = start + m[0].length;
          return;
        }
        case "struct_expression": {
          const m = STRUCT_LITERAL.exec(x.slice(start, start + 300));
          if (m === null) return;
          const qualifier = m[1]!.replace(/\s+/g, "").replace(/::$/, "");
          const reference = x.addReference("new", m[2]!, qualifier.length > 0 ? pathQualifier(qualifier, start) : null, start + m[0].length - m[2]!.length);
          if (reference.qualifier !== null) reference.path = true;
          x.skipTypesUntil = start + m[0].length;
          return;
        }
        case "call_expression":
          visitCall(x, ref.node());
          return;
        case "field_declaration":
          visitField(x, ref.node());
          return;
        case "let_declaration":
          visitLet(x, ref.node());
          return;
        case "closure_expression":
          visitClosure(x, ref.node());
          return;
        case "for_expression":
        case "match_arm":
        case "let_condition":
          shadowPattern(x, field(ref.node(), "pattern"));
          return;
        case "function_item":
          visitFunction(x, ref.node(), start, false);
          return;
        case "function_signature_item":
          visitFunction(x, ref.node(), start, true);
          return;
        case "impl_item":
          visitImpl(x, ref.node(), start);
          return;
        case "use_declaration":
          visitUse(x, start, ref.node());
          return;
        case "mod_item":
          visitMod(x, start, ref.node());
          return;
        case "type_parameter": {
          const name = identifierAt(x.text, start);
          x.declNames.add(start);
          const owner = x.current();
          if (owner !== null && name.length > 0) (owner.typeParams ??= new Set()).add(name);
          return;
        }
        default: {
          const kind = ITEMS[type];
          if (kind !== undefined) visitItem(x, ref.node(), start, kind);
        }
      }
    },
    finish(x) {
      const types = new Map<string, SymbolDraft>();
      for (const s of x.symbols) if (s.parent === null && (s.kind === "Class" || s.kind === "Enum" || s.kind === "Type")) types.set(s.name, s);
      for (const { symbol, typeName } of methods) symbol.parent = types.get(typeName)?.id ?? null;
      // An impl block is no symbol; the implementing type (by id when declared here) is the source.
      for (const { reference, typeName } of implementsRefs) reference.from = types.get(typeName)?.id ?? typeName;
    },
  };
};
