import { namedChildrenOf } from "../../collectNodes.js";
import { field, type LanguageExtractor } from "../LanguageExtractor.js";
import { tableExtractor, type Handler, type LanguageTable } from "../table/LanguageTable.js";
import {
  asTarget,
  bindLocals,
  enteredType,
  iteratedType,
  shadow,
  visitAssignment,
  visitCall,
  visitClass,
  visitFunction,
  visitImport,
  visitOuterDeclaration,
  visitReturn,
  visitType,
  type PythonScope,
} from "./declarations.js";
import { TEST_FILE } from "./syntax.js";

const BRANCHES = new Set([
  "if_statement",
  "elif_clause",
  "for_statement",
  "while_statement",
  "except_clause",
  "conditional_expression",
  "case_clause",
  "for_in_clause",
  "if_clause",
  "and",
  "or",
]);

const outerDeclaration: Handler<PythonScope> = (ref, x, s) => visitOuterDeclaration(s, x, ref.node());

const HANDLERS: Record<string, Handler<PythonScope>> = {
  function_definition: (ref, x, s) => visitFunction(s, x, ref.node()),
  class_definition: (ref, x, s) => visitClass(s, x, ref.node()),
  assignment: (ref, x, s) => visitAssignment(s, x, ref.node()),
  import_statement: (ref, x) => visitImport(x, ref.node(), false),
  import_from_statement: (ref, x) => visitImport(x, ref.node(), true),
  call: (ref, x) => visitCall(x, ref.node()),
  type: (ref, x) => visitType(x, ref.start, ref.node()),
  global_statement: outerDeclaration,
  nonlocal_statement: outerDeclaration,
  // What a function without a return annotation gives (`return Foo()`, `return self`).
  return_statement: (ref, x) => visitReturn(x, ref.node()),
  // Other bindings of a name in a function body: loop targets, `with … as x`, `except … as x`,
  // `case … as x`, `(x := …)`.
  for_statement: (ref, x, s) => {
    const node = ref.node();
    bindLocals(s, x, field(node, "left"), iteratedType(x, field(node, "right")));
  },
  as_pattern: (ref, x, s) => {
    const node = ref.node();
    bindLocals(s, x, asTarget(node), enteredType(x, node));
  },
  named_expression: (ref, x, s) => bindLocals(s, x, field(ref.node(), "name")),
  // Names bound in a scope of their own (a comprehension, a lambda): a typed local of the same
  // name is not what they hold.
  for_in_clause: (ref, x) => {
    const left = field(ref.node(), "left");
    if (left !== null) shadow(x, [left]);
  },
  lambda: (ref, x) => {
    const params = field(ref.node(), "parameters");
    if (params !== null) shadow(x, namedChildrenOf(params));
  },
};

export const pythonTable: LanguageTable<PythonScope> = {
  branches: BRANCHES,
  handlers: HANDLERS,
  scope: (path) => ({ testFile: TEST_FILE.test(path), protocols: new Set(), declaredOuter: new Map() }),
};

export const makePythonExtractor = (path: string): LanguageExtractor => tableExtractor(pythonTable, path);
