import type { SyntaxNode } from "tree-sitter";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import type { Extraction } from "../Extraction.js";
import { field, textOf, type LanguageExtractor } from "../LanguageExtractor.js";
import { typeIdentifier } from "../shared/handlers.js";
import { tableExtractor, type Handler, type LanguageTable } from "../table/LanguageTable.js";
import { C_BRANCHES, C_BUILTIN_TYPES, C_HANDLERS } from "./cTable.js";
import { memberDeclaration } from "./declarations.js";
import { declaredName } from "./declarators.js";
import { docAbove, newCScope, type CScope } from "./cScope.js";
import { finishOutOfLine } from "./finishOutOfLine.js";
import { newExpression } from "./references.js";
import { addMacroTest, holdsTests, scanMacroTests, TEST_MACROS } from "./testMacros.js";
import { recordSpecifier } from "./typeDeclarations.js";

const BRANCHES = new Set([...C_BRANCHES, "for_range_loop", "catch_clause"]);

const BUILTIN_TYPES = new Set([...C_BUILTIN_TYPES, "string", "auto"]);

/** `namespace a { … }`, `namespace a::b { … }`: a namespace whose declarations are reached as `a::name`; an anonymous one is no symbol. */
const namespaceDefinition: Handler<CScope> = (ref, x) => {
  const node = ref.node();
  const nameNode = field(node, "name");
  const body = field(node, "body");
  if (nameNode === null || body === null) return;
  const path = textOf(x, nameNode).replace(/\s+/g, "").split("::").filter((p) => p.length > 0);
  const name = path.at(-1);
  if (name === undefined) return;
  const parent = x.current();
  const around = parent !== null && parent.kind === "Namespace" ? `${parent.qualifiedName}.` : "";
  x.declNames.add(startOf(nameNode));
  x.addSymbol({
    kind: "Namespace",
    name,
    qualifiedName: `${around}${path.join(".")}`,
    start: ref.start,
    end: endOf(node),
    signature: x.signature(ref.start, startOf(body)),
    doc: docAbove(x, ref.start),
    exported: true,
    visibility: "public",
  });
};

/** `template <typename T, int N>`: T and N are the type parameters of the declaration it wraps. */
const templateDeclaration: Handler<CScope> = (ref, x, s) => {
  const node = ref.node();
  const params = field(node, "parameters");
  const children = namedChildrenOf(node);
  const inner = children.at(-1);
  if (params === null || inner === undefined || inner.type === "template_parameter_list") return;
  const names: string[] = [];
  for (const param of namedChildrenOf(params)) {
    const nameNode = param.type === "parameter_declaration" || param.type === "optional_parameter_declaration" ? field(param, "declarator") : namedChildrenOf(param).find((c) => c.type === "type_identifier") ?? null;
    const declared = nameNode !== null ? declaredName(x, nameNode) : null;
    if (declared === null) continue;
    x.declNames.add(declared.start);
    names.push(declared.name);
  }
  s.templates.set(startOf(inner), names);
};

/** `using Alias = std::vector<int>;`: a type alias. */
const aliasDeclaration: Handler<CScope> = (ref, x) => {
  const node = ref.node();
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  x.declNames.add(startOf(nameNode));
  x.addSymbol({
    kind: "Type",
    name: textOf(x, nameNode),
    start: ref.start,
    end: endOf(node),
    signature: x.signature(ref.start, endOf(node)).replace(/\s*;$/, ""),
    doc: docAbove(x, ref.start),
    exported: true,
    visibility: "public",
  });
};

/**
 * A region tree-sitter could not parse: the test macros starting its lines, found in the text
 * (`TEMPLATE_TEST_CASE("t", "[x]", int)` breaks the tree, often for the rest of the file).
 * Nested regions lie inside the first, which was scanned whole.
 */
const errorRegion: Handler<CScope> = (ref, x, s) => {
  const end = endOf(ref.node());
  if (end <= s.scannedErrorsTo) return;
  // From its line's start: the region often starts inside the macro's arguments.
  const from = x.lines.lineStart(x.lines.line(ref.start));
  scanMacroTests(x, s.macroTests, Math.max(from, s.scannedErrorsTo), end);
  s.scannedErrorsTo = end;
};

/**
 * `SUPPRESS_WARNINGS_END` then `TEST_CASE("name") { … }`: a macro line without a semicolon makes
 * the test the declarator of a declaration (`SUPPRESS_WARNINGS_END TEST_CASE("name")`), its body
 * the block after it.
 */
const declaration: Handler<CScope> = (ref, x, s) => {
  if (!declaresTest(ref.node(), x, s)) memberDeclaration(ref, x, s);
};

const declaresTest = (node: SyntaxNode, x: Extraction, s: CScope): boolean => {
  if (!holdsTests(x.current())) return false;
  const declarator = field(node, "declarator");
  if (declarator === null || declarator.type !== "init_declarator") return false;
  const nameNode = field(declarator, "declarator");
  const args = field(declarator, "value");
  if (nameNode === null || nameNode.type !== "identifier" || args === null || args.type !== "argument_list") return false;
  const macro = textOf(x, nameNode);
  const body = node.nextNamedSibling;
  if (!TEST_MACROS.has(macro) || body === null || body.type !== "compound_statement") return false;
  addMacroTest(x, s.macroTests, macro, startOf(nameNode), startOf(args), endOf(args), endOf(body));
  // The macro before it and the test's arguments are no types.
  x.skipTypesUntil = endOf(args);
  return true;
};

const HANDLERS: Record<string, Handler<CScope>> = {
  ...C_HANDLERS,
  namespace_definition: namespaceDefinition,
  template_declaration: templateDeclaration,
  alias_declaration: aliasDeclaration,
  class_specifier: recordSpecifier("Class"),
  new_expression: newExpression,
  type_identifier: typeIdentifier(BUILTIN_TYPES),
  declaration,
  ERROR: errorRegion,
};

export const cppTable: LanguageTable<CScope> = {
  branches: BRANCHES,
  handlers: HANDLERS,
  scope: newCScope,
  finish: finishOutOfLine,
};

export const makeCppExtractor = (path: string): LanguageExtractor => tableExtractor(cppTable, path);
