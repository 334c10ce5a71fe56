import type { SymbolKind } from "../../../events/index.js";
import { startOf } from "../../collectNodes.js";
import { oneLine } from "../Extraction.js";
import { field, identifierAt, type LanguageExtractor } from "../LanguageExtractor.js";
import { qualifiedTypeAt, typeIdentifier, typeParameter } from "../shared/handlers.js";
import { tableExtractor, type Handler, type LanguageTable } from "../table/LanguageTable.js";
import { describeArguments } from "./arguments.js";
import { heritage, visitMethod, visitOtherLocal, visitType, visitVariables } from "./declarations.js";

/** Java keeps nothing per file beyond the extraction itself. */
type JavaScope = null;

const BRANCHES = new Set([
  "if_statement",
  "for_statement",
  "enhanced_for_statement",
  "while_statement",
  "do_statement",
  "catch_clause",
  "ternary_expression",
  "&&",
  "||",
]);

const TYPE_DECLARATIONS: Record<string, SymbolKind> = {
  class_declaration: "Class",
  record_declaration: "Class",
  interface_declaration: "Interface",
  annotation_type_declaration: "Interface",
  enum_declaration: "Enum",
};

// `var` (Java 10) is not a type name: the local takes the type of its value.
const BUILTIN_TYPES = new Set(["String", "Object", "Integer", "Long", "Short", "Byte", "Boolean", "Double", "Float", "Character", "Void", "var"]);
const NEW_TYPE = /^new\s+((?:[\p{L}_$][\p{L}\p{N}_$]*\s*\.\s*)*)([\p{L}_$][\p{L}\p{N}_$]*)/u;
const SCOPED = /^((?:[\p{L}_$][\p{L}\p{N}_$]*\s*\.\s*)+)([\p{L}_$][\p{L}\p{N}_$]*)/u;

const typeDeclaration =
  (kind: SymbolKind): Handler<JavaScope> =>
  (ref, x) =>
    visitType(x, ref.node(), kind);

const method: Handler<JavaScope> = (ref, x) => visitMethod(x, ref.node());
const otherLocal: Handler<JavaScope> = (ref, x) => visitOtherLocal(x, ref.node());

const HANDLERS: Record<string, Handler<JavaScope>> = {
  ...Object.fromEntries(Object.entries(TYPE_DECLARATIONS).map(([type, kind]) => [type, typeDeclaration(kind)])),
  switch_label: (ref, x) => {
    if (x.text.startsWith("case", ref.start)) x.branch();
  },
  package_declaration: (ref, x) => {
    const m = /^package\s+([\w.\s]+?)\s*;/.exec(x.slice(ref.start, ref.start + 500));
    if (m !== null) x.packageName = m[1]!.replace(/\s+/g, "");
  },
  import_declaration: (ref, x) => {
    const m = /^import\s+(static\s+)?([\w.\s$]+?)(\s*\.\s*\*)?\s*;/.exec(x.slice(ref.start, ref.start + 500));
    if (m === null) return;
    const path = m[2]!.replace(/\s+/g, "");
    const line = x.lineOf(ref.start);
    if (m[3] !== undefined) {
      x.addImport({ specifier: path, names: [{ name: "*", alias: null }], kind: "import", typeOnly: false, line });
    } else if (m[1] !== undefined) {
      const dot = path.lastIndexOf(".");
      x.addImport({ specifier: path.slice(0, dot), names: [{ name: path.slice(dot + 1), alias: null }], kind: "import", typeOnly: false, line });
    } else {
      x.addImport({ specifier: path, names: [{ name: path.slice(path.lastIndexOf(".") + 1), alias: null }], kind: "import", typeOnly: false, line });
    }
  },
  method_declaration: method,
  constructor_declaration: method,
  superclass: (ref, x) => heritage(x, ref.node(), "extends"),
  super_interfaces: (ref, x) => heritage(x, ref.node(), "implements"),
  extends_interfaces: (ref, x) => heritage(x, ref.node(), "extends"),
  method_invocation: (ref, x) => {
    const node = ref.node();
    const nameNode = field(node, "name");
    if (nameNode === null) return;
    const nameStart = startOf(nameNode);
    const name = identifierAt(x.text, nameStart);
    const before = x.slice(ref.start, nameStart).replace(/\s*\.\s*(<[^>]*>\s*)?$/, "");
    const reference = x.addReference("call", name, before.length > 0 ? oneLine(before, 120) : null, nameStart);
    describeArguments(x, reference, field(node, "arguments"));
  },
  object_creation_expression: (ref, x) => {
    const start = ref.start;
    const m = NEW_TYPE.exec(x.slice(start, start + 300));
    if (m === null) return;
    const qualifier = m[1]!.replace(/[\s.]+$/, "").replace(/\s+/g, "");
    const nameAt = start + m[0].length - m[2]!.length;
    const reference = x.addReference("new", m[2]!, qualifier.length > 0 ? qualifier : null, nameAt);
    describeArguments(x, reference, field(ref.node(), "arguments"));
    x.skipTypesUntil = start + m[0].length;
  },
  type_identifier: typeIdentifier(BUILTIN_TYPES),
  scoped_type_identifier: (ref, x) => qualifiedTypeAt(x, ref.start, SCOPED, ".", 300),
  type_parameter: typeParameter,
  // Typed fields and locals, through which `field.m()` and `local.m()` reach the type's methods.
  field_declaration: (ref, x) => visitVariables(x, ref.node(), true),
  local_variable_declaration: (ref, x) => visitVariables(x, ref.node(), false),
  // Other locals: they hide a field of the same name, typed or not.
  enhanced_for_statement: otherLocal,
  catch_formal_parameter: otherLocal,
  lambda_expression: otherLocal,
};

export const javaTable: LanguageTable<JavaScope> = {
  branches: BRANCHES,
  handlers: HANDLERS,
  scope: () => null,
};

export const makeJavaExtractor = (path: string): LanguageExtractor => tableExtractor(javaTable, path);
