import type { LanguageExtractor } from "../LanguageExtractor.js";
import { typeIdentifier } from "../shared/handlers.js";
import { tableExtractor, type Handler, type LanguageTable } from "../table/LanguageTable.js";
import { newCScope, type CScope } from "./cScope.js";
import { memberDeclaration } from "./declarations.js";
import { finishOutOfLine } from "./finishOutOfLine.js";
import { functionDefinition } from "./functionDefinition.js";
import { include, macroDefinition } from "./preprocessor.js";
import { call } from "./references.js";
import { enumSpecifier, recordSpecifier, typeDefinition } from "./typeDeclarations.js";

export const C_BRANCHES = new Set([
  "if_statement",
  "for_statement",
  "while_statement",
  "do_statement",
  "case_statement",
  "conditional_expression",
  "&&",
  "||",
]);

/** Type names that say nothing about the project's own types. */
export const C_BUILTIN_TYPES = new Set(["FILE", "va_list", "size_t", "ssize_t", "ptrdiff_t", "bool", "wchar_t"]);

export const C_HANDLERS: Record<string, Handler<CScope>> = {
  preproc_include: include,
  preproc_def: macroDefinition,
  preproc_function_def: macroDefinition,
  function_definition: functionDefinition,
  // A declaration is a global, a local, or (in a class body) a method; a field declaration a member.
  declaration: memberDeclaration,
  field_declaration: memberDeclaration,
  struct_specifier: recordSpecifier("Class"),
  union_specifier: recordSpecifier("Class"),
  enum_specifier: enumSpecifier,
  type_definition: typeDefinition,
  call_expression: call,
  type_identifier: typeIdentifier(C_BUILTIN_TYPES),
};

export const cTable: LanguageTable<CScope> = {
  branches: C_BRANCHES,
  handlers: C_HANDLERS,
  scope: newCScope,
  finish: finishOutOfLine,
};

export const makeCExtractor = (path: string): LanguageExtractor => tableExtractor(cTable, path);
