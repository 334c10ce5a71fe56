import type { SyntaxNode } from "tree-sitter";
import { writtenType, type Param, type SymbolKind } from "../../../events/index.js";
import { withoutTypeArguments } from "../../../shared/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { blockDocAbove, lineDocAbove } from "../docComments.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type SymbolDraft } from "../Extraction.js";
import { field, textOf, type LanguageExtractor } from "../LanguageExtractor.js";
import { afterAttributes } from "../shared/handlers.js";
import { tableExtractor, type Handler, type LanguageTable } from "../table/LanguageTable.js";
import { listedTypes } from "../typeLists.js";

/** What a C# file's handlers share: nothing beyond the extraction (its namespace is `packageName`). */
type CSharpScope = null;

const BRANCHES = new Set([
  "if_statement",
  "for_statement",
  "foreach_statement",
  "while_statement",
  "do_statement",
  "catch_clause",
  "conditional_expression",
  "switch_section",
  "&&",
  "||",
  "??",
]);

const TYPE_DECLARATIONS: Record<string, SymbolKind> = {
  class_declaration: "Class",
  struct_declaration: "Class",
  record_declaration: "Class",
  record_struct_declaration: "Class",
  interface_declaration: "Interface",
  enum_declaration: "Enum",
};

/** Test attributes of xUnit, NUnit and MSTest. */
const TEST_ATTRIBUTE = /\[\s*(?:[\w.]*\.)?(?:Fact|Theory|Test|TestCase|TestCaseSource|TestMethod|DataTestMethod)\b/;
const ACCESS = /\b(public|private|protected|internal)\b/;
/** Types whose values are functions: a field or property of one is what `obj.OnDone()` calls. */
const FUNCTION_TYPE = /^(?:System\.)?(?:Func|Action|Predicate|EventHandler)\b/;
const BUILTIN_TYPES = new Set(["var", "dynamic", "object", "string", "Task", "ValueTask", "void", "List", "IList", "IEnumerable", "Dictionary", "IDictionary"]);

const docAbove = (x: Extraction, start: number): string | null => lineDocAbove(x.text, start, "///", ["[", "//"]) ?? blockDocAbove(x.text, start);

const visibilityOf = (modifiers: string, owner: SymbolDraft | null): "public" | "private" | "protected" | null => {
  const m = ACCESS.exec(modifiers);
  if (m === null) return owner !== null && owner.kind === "Interface" ? "public" : owner !== null ? "private" : null;
  return m[1] === "internal" ? "public" : (m[1] as "public" | "private" | "protected");
};

const paramsOf = (x: Extraction, list: SyntaxNode | null): Param[] => {
  if (list === null) return [];
  const out: Param[] = [];
  for (const p of namedChildrenOf(list)) {
    if (p.type !== "parameter") continue;
    const name = field(p, "name");
    const type = field(p, "type");
    // `this string s` marks an extension method's receiver: kept on the type as written.
    const self = /^\s*this\b/.test(x.slice(startOf(p), type !== null ? startOf(type) : endOf(p))) ? "this " : "";
    out.push({ name: name !== null ? textOf(x, name) : "", type: type !== null ? oneLine(`${self}${textOf(x, type)}`, 200) : null });
  }
  return out;
};

/** The type names a return type mentions (`Task<List<User>>` gives User), builtins left out. */
const namesIn = (written: string): string[] =>
  [...written.matchAll(/[\p{L}_][\p{L}\p{N}_]*/gu)].map((m) => m[0]).filter((n) => !BUILTIN_TYPES.has(n) && !/^(?:int|long|bool|double|float|decimal|byte|char|short|uint|ulong)$/.test(n));

/** `<T, U>` of a declaration, with the names declared so they are no type uses. */
const typeParamsOf = (x: Extraction, node: SyntaxNode): Set<string> | null => {
  const list = field(node, "type_parameters") ?? namedChildrenOf(node).find((c) => c.type === "type_parameter_list") ?? null;
  if (list === null) return null;
  const names = namedChildrenOf(list).map((p) => textOf(x, field(p, "name") ?? p).replace(/^(?:in|out)\s+/, ""));
  return names.length > 0 ? new Set(names) : null;
};

const typeDeclaration =
  (kind: SymbolKind): Handler<CSharpScope> =>
  (ref, x) => {
    const node = ref.node();
    const nameNode = field(node, "name");
    if (nameNode === null) return;
    const start = afterAttributes(node);
    const body = field(node, "body");
    const header = x.slice(start, body !== null ? startOf(body) : endOf(node));
    const owner = x.current();
    const visibility = visibilityOf(x.slice(start, startOf(nameNode)), owner);
    const symbol = x.addSymbol({
      kind,
      name: textOf(x, nameNode),
      start: ref.start,
      end: endOf(node),
      signature: oneLine(header, 200).replace(/\s*;$/, ""),
      doc: docAbove(x, ref.start),
      exported: visibility === "public",
      visibility,
    });
    x.declNames.add(startOf(nameNode));
    const typeParams = typeParamsOf(x, node);
    if (typeParams !== null) symbol.typeParams = typeParams;
    // A record's positional parameters are its properties.
    if (ref.type === "record_declaration" || ref.type === "record_struct_declaration") {
      for (const p of paramsOf(x, field(node, "parameters") ?? namedChildrenOf(node).find((c) => c.type === "parameter_list") ?? null)) {
        if (p.type !== null) bindTyped(x, symbol, p.name, p.type);
      }
    }
    const bases = namedChildrenOf(node).find((c) => c.type === "base_list");
    if (bases === undefined) return;
    const text = x.slice(startOf(bases), endOf(bases));
    const colon = text.indexOf(":") + 1;
    listedTypes(text.slice(colon)).forEach((t, i) => {
      // C# names the base class first and interfaces after it; an interface's name is `I` and a capital.
      const iface = /^I\p{Lu}/u.test(t.name);
      const relation = kind === "Interface" || (kind === "Class" && i === 0 && !iface && ref.type === "class_declaration") ? "extends" : iface || ref.type !== "class_declaration" || i > 0 ? "implements" : "extends";
      x.addReference(kind === "Interface" ? "extends" : relation, t.name, t.qualifier, startOf(bases) + colon + t.offset, symbol);
    });
  };

const bindTyped = (x: Extraction, owner: SymbolDraft, name: string, written: string): void => {
  const bare = withoutTypeArguments(oneLine(written, 200)).replace(/\?$/, "").trim();
  if (bare.length === 0 || BUILTIN_TYPES.has(bare) || !/^[\p{L}_][\p{L}\p{N}_.]*$/u.test(bare) || /^[a-z]/.test(bare)) return;
  x.bindType(owner, name, writtenType(bare), true);
};

const method: Handler<CSharpScope> = (ref, x) => {
  const node = ref.node();
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const start = afterAttributes(node);
  const owner = x.current();
  const name = textOf(x, nameNode);
  const body = field(node, "body") ?? namedChildrenOf(node).find((c) => c.type === "arrow_expression_clause") ?? null;
  const modifiers = x.slice(start, startOf(nameNode));
  const attributes = x.slice(ref.start, start);
  const visibility = visibilityOf(modifiers, owner);
  if (owner !== null && owner.kind === "Interface" && !owner.members.includes(name)) owner.members.push(name);
  const symbol = x.addSymbol({
    kind: TEST_ATTRIBUTE.test(attributes) ? "Test" : "Method",
    name,
    start: ref.start,
    end: endOf(node),
    signature: x.signature(start, body !== null ? startOf(body) : endOf(node)).replace(/\s*;$/, ""),
    doc: docAbove(x, ref.start),
    exported: visibility === "public",
    visibility,
    async: /\basync\b/.test(modifiers),
    params: paramsOf(x, field(node, "parameters")),
  });
  x.declNames.add(startOf(nameNode));
  const returns = field(node, "returns") ?? field(node, "type");
  if (returns !== null) {
    symbol.returnsFrom = startOf(returns);
    symbol.returnsTo = endOf(returns);
    for (const n of namesIn(textOf(x, returns))) if (!symbol.returns.includes(n)) symbol.returns.push(n);
  }
  const typeParams = typeParamsOf(x, node);
  if (typeParams !== null) symbol.typeParams = typeParams;
};

/** A field or property: typed (`_repo.Get()` reaches IRepo's methods), or a method when it holds a function (`Func<…>`, `Action`). */
const member: Handler<CSharpScope> = (ref, x) => {
  const owner = x.current();
  if (owner === null || (owner.kind !== "Class" && owner.kind !== "Interface")) return;
  const node = ref.node();
  const declaration = ref.type === "field_declaration" || ref.type === "event_field_declaration" ? namedChildrenOf(node).find((c) => c.type === "variable_declaration") ?? null : node;
  if (declaration === null) return;
  const type = field(declaration, "type");
  if (type === null) return;
  const written = textOf(x, type);
  const names =
    ref.type === "property_declaration"
      ? [field(node, "name")].filter((n): n is SyntaxNode => n !== null)
      : namedChildrenOf(declaration).filter((c) => c.type === "variable_declarator").map((d) => field(d, "name") ?? namedChildrenOf(d)[0]!);
  const start = afterAttributes(node);
  for (const nameNode of names) {
    const name = textOf(x, nameNode);
    if (FUNCTION_TYPE.test(written) || ref.type === "event_field_declaration") {
      const visibility = visibilityOf(x.slice(start, startOf(type)), owner);
      x.addSymbol({ kind: "Method", name, start: ref.start, end: endOf(node), signature: x.signature(start, endOf(node)).replace(/\s*[;{].*$/, ""), doc: docAbove(x, ref.start), exported: visibility === "public", visibility });
      continue;
    }
    bindTyped(x, owner, name, written);
  }
};

/** `var s = new UserService(…);`, `IRepo r = …;` in a method: a typed local. */
const local: Handler<CSharpScope> = (ref, x) => {
  const owner = x.current();
  if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return;
  const declaration = namedChildrenOf(ref.node()).find((c) => c.type === "variable_declaration");
  const type = declaration !== undefined ? field(declaration, "type") : null;
  if (declaration === undefined || type === null) return;
  for (const declarator of namedChildrenOf(declaration)) {
    if (declarator.type !== "variable_declarator") continue;
    const children = namedChildrenOf(declarator);
    const nameNode = field(declarator, "name") ?? children[0];
    if (nameNode === undefined) continue;
    const name = textOf(x, nameNode);
    x.addLocal(owner, name);
    if (type.type !== "implicit_type") {
      bindTyped(x, owner, name, textOf(x, type));
      continue;
    }
    const value = children.length > 1 ? children[children.length - 1]! : null;
    if (value !== null && value.type === "object_creation_expression") {
      const created = field(value, "type");
      if (created !== null) bindTyped(x, owner, name, textOf(x, created));
    } else if (value !== null && value.type === "invocation_expression") {
      const fn = field(value, "function");
      const callee = fn !== null ? withoutTypeArguments(textOf(x, fn)).replace(/\s+/g, "") : "";
      if (/^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u.test(callee)) x.bindType(owner, name, { _tag: "Returned", callee });
    } else {
      x.shadowType(owner, name);
    }
  }
};

const argumentCount = (node: SyntaxNode): number => {
  const args = field(node, "arguments");
  return args !== null ? namedChildrenOf(args).filter((c) => c.type === "argument").length : 0;
};

/** `F(…)`, `a.b.F(…)`, `F<T>(…)`, `base.F(…)`: a call with its number of arguments. */
const invocation: Handler<CSharpScope> = (ref, x) => {
  const node = ref.node();
  const fn = field(node, "function");
  if (fn === null) return;
  const arity = argumentCount(node);
  if (fn.type === "identifier" || fn.type === "generic_name") {
    const nameNode = fn.type === "generic_name" ? namedChildrenOf(fn)[0] ?? fn : fn;
    x.addReference("call", textOf(x, nameNode), null, startOf(nameNode)).arity = arity;
    return;
  }
  if (fn.type !== "member_access_expression") return;
  const nameNode = field(fn, "name");
  const object = field(fn, "expression");
  if (nameNode === null || object === null) return;
  const name = fn.type === "member_access_expression" && nameNode.type === "generic_name" ? namedChildrenOf(nameNode)[0] ?? nameNode : nameNode;
  const qualifier = withoutTypeArguments(oneLine(x.slice(startOf(object), Math.min(endOf(object), startOf(object) + 400)), 120)).replace(/\s*\.\s*/g, ".").replace(/\?$/, "");
  x.addReference("call", textOf(x, name), qualifier, startOf(name)).arity = arity;
};

const NEW_TYPE = /^((?:[\p{L}_][\p{L}\p{N}_]*\s*\.\s*)*)([\p{L}_][\p{L}\p{N}_]*)/u;

const objectCreation: Handler<CSharpScope> = (ref, x) => {
  const node = ref.node();
  const type = field(node, "type");
  if (type === null) return;
  const m = NEW_TYPE.exec(x.slice(startOf(type), Math.min(endOf(type), startOf(type) + 300)));
  if (m === null) return;
  const qualifier = m[1]!.replace(/[\s.]+$/, "").replace(/\s+/g, "");
  x.addReference("new", m[2]!, qualifier.length > 0 ? qualifier : null, startOf(type) + m[0].length - m[2]!.length).arity = argumentCount(node);
};

const namespaceDeclaration: Handler<CSharpScope> = (ref, x) => {
  const name = field(ref.node(), "name");
  // The first namespace names the file's package (one per file is the rule in practice).
  if (name !== null && x.packageName === null) x.packageName = textOf(x, name).replace(/\s+/g, "");
};

/** `using A.B;` (the namespace's types), `using static A.B;` (a class's members), `using X = A.B;` (an alias). */
const usingDirective: Handler<CSharpScope> = (ref, x) => {
  const m = /^(?:global\s+)?using\s+(static\s+)?(?:([\p{L}_][\p{L}\p{N}_]*)\s*=\s*)?([\p{L}_][\p{L}\p{N}_.\s]*?)\s*;/u.exec(x.slice(ref.start, ref.start + 500));
  if (m === null) return;
  const specifier = m[3]!.replace(/\s+/g, "");
  const line = x.lineOf(ref.start);
  if (m[2] !== undefined) {
    const dot = specifier.lastIndexOf(".");
    x.addImport({ specifier: specifier.slice(0, dot === -1 ? 0 : dot), names: [{ name: specifier.slice(dot + 1), alias: m[2] }], kind: "import", typeOnly: false, line });
    return;
  }
  x.addImport({ specifier, names: [{ name: "*", alias: null }], kind: "import", typeOnly: false, line });
};

const delegateDeclaration: Handler<CSharpScope> = (ref, x) => {
  const node = ref.node();
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const start = afterAttributes(node);
  const visibility = visibilityOf(x.slice(start, startOf(nameNode)), x.current());
  x.declNames.add(startOf(nameNode));
  x.addSymbol({ kind: "Type", name: textOf(x, nameNode), start: ref.start, end: endOf(node), signature: x.signature(start, endOf(node)).replace(/\s*;$/, ""), doc: docAbove(x, ref.start), exported: visibility === "public", visibility });
};

const HANDLERS: Record<string, Handler<CSharpScope>> = {
  ...Object.fromEntries(Object.entries(TYPE_DECLARATIONS).map(([type, kind]) => [type, typeDeclaration(kind)])),
  namespace_declaration: namespaceDeclaration,
  file_scoped_namespace_declaration: namespaceDeclaration,
  using_directive: usingDirective,
  delegate_declaration: delegateDeclaration,
  method_declaration: method,
  constructor_declaration: method,
  field_declaration: member,
  event_field_declaration: member,
  property_declaration: member,
  local_declaration_statement: local,
  invocation_expression: invocation,
  object_creation_expression: objectCreation,
};

export const csharpTable: LanguageTable<CSharpScope> = {
  branches: BRANCHES,
  handlers: HANDLERS,
  scope: () => null,
};

export const makeCSharpExtractor = (path: string): LanguageExtractor => tableExtractor(csharpTable, path);
