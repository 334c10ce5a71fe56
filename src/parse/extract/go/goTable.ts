import { sameTypeNotation, writtenType, type SymbolKind } from "../../../events/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { FUNCTION_KINDS } from "../Extraction.js";
import { field, identifierAt, textOf, unquote, type LanguageExtractor } from "../LanguageExtractor.js";
import { callByName, callThroughMember, qualifiedTypeAt, topLevelTypes, typeIdentifier } from "../shared/handlers.js";
import { tableExtractor, type Handler, type LanguageTable } from "../table/LanguageTable.js";
import {
  addCallable,
  addFunctionLike,
  bindValues,
  COMPOSITE,
  embedded,
  QUALIFIED,
  visitTypeSpec,
  visitValueSpec,
  type GoScope,
} from "./declarations.js";

const BRANCHES = new Set(["if_statement", "for_statement", "expression_case", "type_case", "communication_case", "&&", "||"]);

const BUILTIN_TYPES = new Set([
  "bool", "byte", "complex64", "complex128", "error", "float32", "float64", "int", "int8", "int16", "int32",
  "int64", "rune", "string", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "any", "comparable",
]);

const METHOD_OWNERS: ReadonlySet<SymbolKind> = new Set(["Class", "Type", "Interface"]);

const valueSpec: Handler<GoScope> = (ref, x) => visitValueSpec(x, ref.node());

const HANDLERS: Record<string, Handler<GoScope>> = {
  package_clause: (ref, x) => {
    const m = /^package\s+([\p{L}_][\p{L}\p{N}_]*)/u.exec(x.slice(ref.start, ref.start + 200));
    if (m !== null) x.packageName = m[1]!;
  },
  import_spec: (ref, x) => {
    const node = ref.node();
    const pathNode = field(node, "path");
    if (pathNode === null) return;
    const nameNode = field(node, "name");
    x.addImport({
      specifier: unquote(textOf(x, pathNode)),
      names: [{ name: "*", alias: nameNode !== null ? textOf(x, nameNode) : null }],
      kind: "import",
      typeOnly: false,
      line: x.lineOf(ref.start),
    });
  },
  function_declaration: (ref, x, s) => addFunctionLike(x, ref.node(), false, s),
  method_declaration: (ref, x, s) => addFunctionLike(x, ref.node(), true, s),
  type_spec: (ref, x) => visitTypeSpec(x, ref.node(), false),
  type_alias: (ref, x) => visitTypeSpec(x, ref.node(), true),
  method_elem: (ref, x) => {
    const owner = x.current();
    if (owner === null || owner.kind !== "Interface") return;
    const nameNode = field(ref.node(), "name");
    if (nameNode === null) return;
    const name = identifierAt(x.text, startOf(nameNode));
    if (!owner.members.includes(name)) owner.members.push(name);
    // The method the interface declares: what `s.Get()` reaches when s has the interface's type.
    addCallable(x, ref.node(), { kind: "Method", name, qualifiedName: `${owner.name}.${name}`, signatureEnd: endOf(ref.node()) });
  },
  type_elem: (ref, x) => {
    const owner = x.current();
    if (owner === null || owner.kind !== "Interface") return;
    // `io.Reader` embedded in an interface; unions like `~int | ~string` are constraints.
    if (/^[\p{L}_][\p{L}\p{N}_.\s]*$/u.test(x.slice(ref.start, endOf(ref.node())))) embedded(x, ref.start, "extends");
  },
  field_declaration: (ref, x) => {
    const owner = x.current();
    if (owner === null || owner.kind !== "Class") return;
    const node = ref.node();
    if (field(node, "name") === null) return embedded(x, ref.start, "extends");
    // `st *store.Store`, `a, b T`: fields typed for `s.st.Get()`.
    const type = field(node, "type");
    if (type === null) return;
    for (const nameNode of namedChildrenOf(node)) if (nameNode.type === "field_identifier") x.bindType(owner, textOf(x, nameNode), writtenType(textOf(x, type)), true);
  },
  const_spec: valueSpec,
  var_spec: valueSpec,
  // `x := …` inside a function: a local typed by what it is given.
  short_var_declaration: (ref, x) => {
    const node = ref.node();
    const left = field(node, "left");
    const right = field(node, "right");
    if (left !== null && right !== null) bindValues(x, namedChildrenOf(left), namedChildrenOf(right), null);
  },
  // Closures are not symbols: their parameters are names of the enclosing function, typed alike
  // only when every binding of the name agrees.
  func_literal: (ref, x) => {
    const owner = x.current();
    const params = field(ref.node(), "parameters");
    if (owner === null || params === null || !FUNCTION_KINDS.has(owner.kind)) return;
    for (const param of namedChildrenOf(params)) {
      const type = field(param, "type");
      const written = type !== null ? writtenType(textOf(x, type)) : null;
      for (const nameNode of namedChildrenOf(param)) {
        if (nameNode.type !== "identifier") continue;
        const name = textOf(x, nameNode);
        const had = owner.types?.get(name);
        if (had === undefined) x.bindType(owner, name, written);
        else if (!sameTypeNotation(had.type, written)) x.shadowType(owner, name);
      }
    }
  },
  call_expression: (ref, x) => {
    const fn = field(ref.node(), "function");
    if (fn === null) return;
    if (fn.type === "identifier") callByName(x, startOf(fn));
    else if (fn.type === "selector_expression") callThroughMember(x, startOf(fn), endOf(fn));
  },
  composite_literal: (ref, x) => {
    const start = ref.start;
    const m = COMPOSITE.exec(x.slice(start, start + 200));
    if (m === null) return;
    if (m[2] !== undefined) x.addReference("new", m[2], m[1]!, start + m[0].indexOf(m[2], m[1]!.length));
    else x.addReference("new", m[1]!, null, start);
    // The literal's type name is the same use; do not count it again as a type reference.
    x.skipTypesUntil = start + (m[2] !== undefined ? m[0].indexOf(m[2], m[1]!.length) + m[2].length : m[1]!.length);
  },
  type_identifier: typeIdentifier(BUILTIN_TYPES),
  qualified_type: (ref, x) => qualifiedTypeAt(x, ref.start, QUALIFIED, ".", 200),
  type_parameter_declaration: (ref, x) => {
    const owner = x.current();
    for (const child of namedChildrenOf(ref.node())) {
      if (child.type !== "identifier") continue;
      x.declNames.add(startOf(child));
      if (owner !== null) (owner.typeParams ??= new Set()).add(textOf(x, child));
    }
  },
};

export const goTable: LanguageTable<GoScope> = {
  branches: BRANCHES,
  handlers: HANDLERS,
  scope: (path) => ({ testFile: path.endsWith("_test.go"), methods: [] }),
  finish(x, s) {
    const types = topLevelTypes(x, METHOD_OWNERS);
    for (const { symbol, receiver } of s.methods) {
      const owner = types.get(receiver);
      if (owner !== undefined) symbol.parent = owner.id;
    }
  },
};

export const makeGoExtractor = (path: string): LanguageExtractor => tableExtractor(goTable, path);
