import type { SymbolKind } from "../../../events/index.js";
import { field, type LanguageExtractor } from "../LanguageExtractor.js";
import { qualifiedTypeAt, topLevelTypes, typeIdentifier, typeParameter } from "../shared/handlers.js";
import { tableExtractor, type Handler, type LanguageTable } from "../table/LanguageTable.js";
import {
  pathQualifier,
  shadowPattern,
  visitCall,
  visitClosure,
  visitField,
  visitFunction,
  visitImpl,
  visitItem,
  visitLet,
  visitMod,
  visitUse,
  type RustScope,
} from "./declarations.js";

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

const BUILTIN_TYPES = new Set(["Self", "Option", "Result", "Vec", "Box", "String"]);
const STRUCT_LITERAL = /^((?:[\p{L}_][\p{L}\p{N}_]*\s*::\s*)*)([\p{L}_][\p{L}\p{N}_]*)/u;
const METHOD_OWNERS: ReadonlySet<SymbolKind> = new Set(["Class", "Enum", "Type"]);

const item =
  (kind: SymbolKind): Handler<RustScope> =>
  (ref, x) =>
    visitItem(x, ref.node(), ref.start, kind);

// Names bound by patterns: they hide a typed local of the same name.
const pattern: Handler<RustScope> = (ref, x) => shadowPattern(x, field(ref.node(), "pattern"));

const HANDLERS: Record<string, Handler<RustScope>> = {
  ...Object.fromEntries(Object.entries(ITEMS).map(([type, kind]) => [type, item(kind)])),
  function_item: (ref, x, s) => visitFunction(x, ref.node(), ref.start, false, s),
  function_signature_item: (ref, x, s) => visitFunction(x, ref.node(), ref.start, true, s),
  impl_item: (ref, x, s) => visitImpl(x, ref.node(), ref.start, s),
  use_declaration: (ref, x, s) => visitUse(x, ref.start, ref.node(), s),
  mod_item: (ref, x, s) => visitMod(x, ref.start, ref.node(), s),
  call_expression: (ref, x, s) => visitCall(x, ref.node(), s),
  struct_expression: (ref, x, s) => {
    const start = ref.start;
    const m = STRUCT_LITERAL.exec(x.slice(start, start + 300));
    if (m === null) return;
    const qualifier = m[1]!.replace(/\s+/g, "").replace(/::$/, "");
    const reference = x.addReference("new", m[2]!, qualifier.length > 0 ? pathQualifier(qualifier, start, s) : null, start + m[0].length - m[2]!.length);
    if (reference.qualifier !== null) reference.path = true;
    x.skipTypesUntil = start + m[0].length;
  },
  type_identifier: typeIdentifier(BUILTIN_TYPES),
  scoped_type_identifier: (ref, x) => qualifiedTypeAt(x, ref.start, STRUCT_LITERAL, "::", 300),
  type_parameter: typeParameter,
  // Typed struct fields and `let` locals, through which `self.f.m()` and `x.m()` reach T's methods.
  field_declaration: (ref, x) => visitField(x, ref.node()),
  let_declaration: (ref, x, s) => visitLet(x, ref.node(), s),
  closure_expression: (ref, x) => visitClosure(x, ref.node()),
  for_expression: pattern,
  match_arm: pattern,
  let_condition: pattern,
};

export const rustTable: LanguageTable<RustScope> = {
  branches: BRANCHES,
  handlers: HANDLERS,
  scope: () => ({ impls: [], methods: [], implementsRefs: [], inlineMods: [] }),
  finish(x, s) {
    const types = topLevelTypes(x, METHOD_OWNERS);
    for (const { symbol, typeName } of s.methods) symbol.parent = types.get(typeName)?.id ?? null;
    // An impl block is no symbol; the implementing type (by id when declared here) is the source.
    for (const { reference, typeName } of s.implementsRefs) reference.from = types.get(typeName)?.id ?? typeName;
  },
};

export const makeRustExtractor = (path: string): LanguageExtractor => tableExtractor(rustTable, path);
