/**
 * The TypeScript, TSX and JavaScript extractor: which nodes it reads and which part handles
 * each (typescript/declarations, modules, typeBinding and references).
 */
import { endOf, firstNamedChildOf, namedChildrenOf, startOf } from "../collectNodes.js";
import { FUNCTION_KINDS } from "./Extraction.js";
import { field, typeNameAt, type LanguageExtractor } from "./LanguageExtractor.js";
import {
  addTypeLike,
  visitDeclaration,
  visitField,
  visitFunctionDeclaration,
  visitMethod,
  visitNamespace,
  visitTypeAlias,
  visitTypeParameter,
} from "./typescript/declarations.js";
import { markExported, visitExport, visitImport, visitModuleAssignment } from "./typescript/modules.js";
import { heritage, isTestFile, visitCall, visitJsx, visitNestedType, visitNew } from "./typescript/references.js";
import { newTsFile } from "./typescript/syntax.js";
import { bindLocals, iteratedType, visitAssignmentIn, visitInnerFunction, visitReturn } from "./typescript/typeBinding.js";

const BRANCHES = new Set([
  "if_statement",
  "for_statement",
  "for_in_statement",
  "while_statement",
  "do_statement",
  "switch_case",
  "catch_clause",
  "ternary_expression",
  "&&",
  "||",
  "??",
]);

const INTEREST = [
  "function_declaration",
  "generator_function_declaration",
  "function_signature",
  "class_declaration",
  "abstract_class_declaration",
  "method_definition",
  "method_signature",
  "abstract_method_signature",
  "interface_declaration",
  "type_alias_declaration",
  "enum_declaration",
  "lexical_declaration",
  "variable_declaration",
  "export_statement",
  "expression_statement",
  "import_statement",
  "call_expression",
  "new_expression",
  "class_heritage",
  "extends_clause",
  "implements_clause",
  "extends_type_clause",
  "type_identifier",
  "nested_type_identifier",
  "type_parameter",
  "internal_module",
  "module",
  "jsx_opening_element",
  "jsx_self_closing_element",
  // Names bound inside a function by something other than a declaration: the parameters of
  // the arrows and function expressions in its body, a catch parameter, a for-in/of variable.
  "arrow_function",
  "function_expression",
  "function",
  "generator_function",
  "catch_clause",
  "for_in_statement",
  // What a function without a written return type gives (`return new T()`, `return this`).
  "return_statement",
  // Class fields and interface properties: their declared type or constructed class types
  // `this.field.m()` / `deps.field.m()`.
  "public_field_definition",
  "field_definition",
  "property_signature",
];


/** Creates a per-file extractor for TypeScript, TSX and JavaScript (JSX included). */
export const makeTypeScriptExtractor = (path: string): LanguageExtractor => {
  const file = newTsFile(path, isTestFile(path));
  return {
    branches: BRANCHES,
    interest: INTEREST,
    visit(ref, x) {
      const type = ref.type;
      if (type === "type_identifier") {
        typeNameAt(x, ref.start);
        return;
      }
      const node = ref.node();
      switch (type) {
        case "call_expression":
          visitCall(file, x, node);
          return;
        case "new_expression":
          visitNew(file, x, node);
          return;
        case "jsx_opening_element":
        case "jsx_self_closing_element":
          visitJsx(x, node);
          return;
        case "nested_type_identifier":
          visitNestedType(x, node);
          return;
        case "function_declaration":
        case "generator_function_declaration":
        case "function_signature":
          visitFunctionDeclaration(file, x, node);
          return;
        case "method_definition":
        case "method_signature":
        case "abstract_method_signature":
          visitMethod(file, x, node, type);
          return;
        case "class_declaration":
        case "abstract_class_declaration":
          addTypeLike(x, node, "Class");
          return;
        case "interface_declaration":
          addTypeLike(x, node, "Interface");
          return;
        case "internal_module":
        case "module":
          visitNamespace(x, node);
          return;
        case "enum_declaration":
          addTypeLike(x, node, "Enum");
          return;
        case "type_alias_declaration":
          visitTypeAlias(x, node);
          return;
        case "lexical_declaration":
        case "variable_declaration":
          visitDeclaration(file, x, node);
          return;
        case "arrow_function":
        case "function_expression":
        case "function":
        case "generator_function":
          visitInnerFunction(file, x, node);
          return;
        case "catch_clause":
          bindLocals(x, field(node, "parameter"));
          return;
        case "return_statement":
          visitReturn(x, node);
          return;
        case "for_in_statement": {
          // `for (const x of …)` declares; `for (x of …)` assigns a name bound elsewhere.
          if (field(node, "kind") === null) return;
          const left = field(node, "left");
          const right = field(node, "right");
          const iterates = left !== null && right !== null && /\bof\s*$/.test(x.slice(endOf(left), startOf(right)));
          bindLocals(x, left, iterates ? iteratedType(x, right) : null);
          return;
        }
        case "import_statement":
          visitImport(x, node);
          return;
        case "export_statement":
          visitExport(file, x, node);
          return;
        case "expression_statement": {
          // At module level a CommonJS export; inside a function an assignment that types a field or a local.
          const within = x.current();
          if (within === null) visitModuleAssignment(file, x, node);
          else if (FUNCTION_KINDS.has(within.kind)) visitAssignmentIn(file, x, within, node);
          return;
        }
        case "public_field_definition":
        case "field_definition":
        case "property_signature":
          visitField(file, x, node);
          return;
        case "type_parameter":
          visitTypeParameter(x, node);
          return;
        case "class_heritage": {
          // JavaScript puts the superclass expression directly here; TypeScript wraps it in clauses.
          const target = firstNamedChildOf(node);
          if (target !== null && target.type !== "extends_clause" && target.type !== "implements_clause") {
            heritage(x, "extends", target);
          }
          return;
        }
        case "extends_clause": {
          const value = field(node, "value");
          if (value !== null) heritage(x, "extends", value);
          return;
        }
        case "implements_clause":
        case "extends_type_clause": {
          const kind = type === "implements_clause" ? "implements" : "extends";
          for (const target of namedChildrenOf(node)) heritage(x, kind, target);
          x.skipTypesUntil = endOf(node);
          return;
        }
      }
    },
    finish(x) {
      markExported(file, x);
    },
  };
};
