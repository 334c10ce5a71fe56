import type { SyntaxNode } from "tree-sitter";
import type { Param, Reference, SymbolKind } from "../../events/types/parse.js";
import type { ArgumentHint, TypeNotation } from "../../events/types/typeNotation.js";
import { writtenType } from "../../events/types/writtenType.js";
import { endOf, namedChildrenOf, startOf } from "../collectNodes.js";
import { blockDocAbove } from "./docComments.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type Mutable } from "./Extraction.js";
import { field, identifierAt, textOf, typeNameAt, type LanguageExtractor } from "./LanguageExtractor.js";
import { withoutTypeArguments } from "../../shared/withoutTypeArguments.js";
import { listedTypes } from "./typeLists.js";

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

/**
 * Declared types with no methods of ours: primitives and arrays. Bound as written all the
 * same (an argument's type picks among overloads); the resolver finds no class by such names.
 */
const UNTYPED = new Set(["integral_type", "floating_point_type", "boolean_type", "array_type"]);

/** Symbols whose body declares fields. */
const JAVA_CLASS_KINDS: ReadonlySet<SymbolKind> = new Set(["Class", "Interface", "Enum"]);

const INTEREST = [
  ...Object.keys(TYPE_DECLARATIONS),
  "switch_label",
  "package_declaration",
  "import_declaration",
  "method_declaration",
  "constructor_declaration",
  "superclass",
  "super_interfaces",
  "extends_interfaces",
  "method_invocation",
  "object_creation_expression",
  "type_identifier",
  "scoped_type_identifier",
  "type_parameter",
  // Typed fields and locals, through which `field.m()` and `local.m()` reach the type's methods.
  "field_declaration",
  "local_variable_declaration",
  // Other locals: they hide a field of the same name, typed or not.
  "enhanced_for_statement",
  "catch_formal_parameter",
  "lambda_expression",
];

// `var` (Java 10) is not a type name: the local takes the type of its value.
const BUILTIN_TYPES = new Set(["String", "Object", "Integer", "Long", "Short", "Byte", "Boolean", "Double", "Float", "Character", "Void", "var"]);
const MODIFIER = /\b(public|private|protected)\b/;
const NEW_TYPE = /^new\s+((?:[\p{L}_$][\p{L}\p{N}_$]*\s*\.\s*)*)([\p{L}_$][\p{L}\p{N}_$]*)/u;
const DOTTED_NAME = /^[\p{L}_$][\p{L}\p{N}_$]*(?:\.[\p{L}_$][\p{L}\p{N}_$]*)*$/u;
const SCOPED = /^((?:[\p{L}_$][\p{L}\p{N}_$]*\s*\.\s*)+)([\p{L}_$][\p{L}\p{N}_$]*)/u;

const paramsOf = (x: Extraction, list: SyntaxNode | null): Param[] => {
  if (list === null) return [];
  const out: Param[] = [];
  for (const p of namedChildrenOf(list)) {
    if (p.type === "formal_parameter") {
      const type = field(p, "type");
      const name = field(p, "name");
      out.push({ name: name !== null ? textOf(x, name) : "", type: type !== null ? oneLine(textOf(x, type), 200) : null });
    } else if (p.type === "spread_parameter") {
      const text = oneLine(textOf(x, p), 200);
      const m = /^(.*?)\s*\.\.\.\s*([\p{L}_$][\p{L}\p{N}_$]*)$/u.exec(text);
      out.push(m !== null ? { name: m[2]!, type: `${m[1]!}...` } : { name: text, type: null });
    }
  }
  return out;
};

/** Longest receiver text an argument hint keeps (a generated `a.b.c…` chain is no type we read). */
const HINT_MAX = 200;
const INTEGER_LITERALS = new Set(["decimal_integer_literal", "hex_integer_literal", "octal_integer_literal", "binary_integer_literal"]);
const FLOAT_LITERALS = new Set(["decimal_floating_point_literal", "hex_floating_point_literal"]);
const BOOLEAN_OPERATORS = new Set(["==", "!=", "<", ">", "<=", ">=", "&&", "||"]);
/** Numeric promotion of a binary operation's operands (`1 + 2L` is a long). */
const NUMERIC_RANK = ["int", "long", "float", "double"];

/** A type as an argument hint names it: one line, no generic arguments (`Map<K, V>` → `Map`). */
const bareType = (written: string): string => withoutTypeArguments(oneLine(written, 200)).replace(/\s+/g, "");

const shows = (type: string): ArgumentHint => ({ _tag: "Written", type });

/** The type a hint shows outright (`int`, `String`), or null. */
const shownType = (hint: ArgumentHint | null): string | null => (hint !== null && hint._tag === "Written" ? hint.type : null);

/**
 * What an argument tells of its type, for choosing among overloads of the same arity
 * (`Reference.args`): the type when the expression itself shows it (a literal, `new T()`, a
 * cast, `T.class`, a string concatenation), the value (`x`, `this.x`, `Type.FIELD`) or the call
 * (`a.b()`) whose type the resolver looks up, null when nothing says.
 */
const argumentHint = (x: Extraction, node: SyntaxNode, depth = 0): ArgumentHint | null => {
  const type = node.type;
  if (type === "string_literal") return shows("String");
  if (INTEGER_LITERALS.has(type)) return shows(/[lL]$/.test(textOf(x, node)) ? "long" : "int");
  if (FLOAT_LITERALS.has(type)) return shows(/[fF]$/.test(textOf(x, node)) ? "float" : "double");
  switch (type) {
    case "character_literal":
      return shows("char");
    case "true":
    case "false":
    case "instanceof_expression":
      return shows("boolean");
    case "null_literal":
      return { _tag: "NullLiteral" };
    case "class_literal":
      return shows("Class");
    case "this":
      return { _tag: "Value", path: ["this"] };
    case "identifier":
      return { _tag: "Value", path: [textOf(x, node)] };
    case "object_creation_expression":
    case "cast_expression": {
      const written = field(node, "type");
      return written !== null ? shows(bareType(textOf(x, written))) : null;
    }
    case "array_creation_expression": {
      const written = field(node, "type");
      return written !== null ? shows(`${bareType(textOf(x, written))}[]`) : null;
    }
    case "field_access": {
      if (endOf(node) - startOf(node) > HINT_MAX) return null;
      const text = textOf(x, node).replace(/\s+/g, "");
      return DOTTED_NAME.test(text) ? { _tag: "Value", path: text.split(".") } : null;
    }
    case "method_invocation": {
      const name = field(node, "name");
      if (name === null || endOf(name) - startOf(node) > HINT_MAX) return null;
      const callee = x.slice(startOf(node), endOf(name)).replace(/\s+/g, "");
      if (callee === "getClass" || callee.endsWith(".getClass")) return shows("Class");
      return DOTTED_NAME.test(callee) ? { _tag: "Returned", callee } : null;
    }
    case "unary_expression": {
      const operand = field(node, "operand");
      const operator = field(node, "operator");
      if (operator !== null && textOf(x, operator) === "!") return shows("boolean");
      const inner = operand !== null && depth < 8 ? shownType(argumentHint(x, operand, depth + 1)) : null;
      return inner !== null && NUMERIC_RANK.includes(inner) ? shows(inner) : null;
    }
    case "parenthesized_expression": {
      const inner = namedChildrenOf(node)[0];
      return inner !== undefined && depth < 8 ? argumentHint(x, inner, depth + 1) : null;
    }
    case "binary_expression": {
      const operator = field(node, "operator");
      const op = operator !== null ? textOf(x, operator) : "";
      if (BOOLEAN_OPERATORS.has(op)) return shows("boolean");
      if (depth >= 8) return null;
      const left = field(node, "left");
      const right = field(node, "right");
      const a = left !== null ? shownType(argumentHint(x, left, depth + 1)) : null;
      const b = right !== null ? shownType(argumentHint(x, right, depth + 1)) : null;
      if (op === "+" && (a === "String" || b === "String")) return shows("String");
      const rank = Math.max(NUMERIC_RANK.indexOf(a ?? ""), NUMERIC_RANK.indexOf(b ?? ""));
      return a !== null && b !== null && NUMERIC_RANK.includes(a) && NUMERIC_RANK.includes(b) ? shows(NUMERIC_RANK[rank]!) : null;
    }
    default:
      return null;
  }
};

/**
 * The arguments of a call or `new`, counted (`Reference.arity`) and hinted (`Reference.args`):
 * inside its class, `new T(…)` reaches one of T's constructors.
 */
const describeArguments = (x: Extraction, reference: Mutable<Reference>, list: SyntaxNode | null): void => {
  const args = list === null ? [] : namedChildrenOf(list).filter((c) => c.type !== "line_comment" && c.type !== "block_comment");
  reference.arity = args.length;
  // Overloads differ in a few parameters; a generated call with hundreds of arguments is not hinted.
  if (args.length === 0 || args.length > 64) return;
  const hints = args.map((a) => argumentHint(x, a));
  if (hints.some((h) => h !== null)) reference.args = hints;
};

export const makeJavaExtractor = (_path: string): LanguageExtractor => {
  const visitType = (x: Extraction, node: SyntaxNode, kind: SymbolKind): void => {
    const nameNode = field(node, "name");
    if (nameNode === null) return;
    const start = startOf(node);
    const body = field(node, "body");
    const header = x.slice(start, body !== null ? startOf(body) : endOf(node));
    const access = MODIFIER.exec(header.slice(0, Math.max(0, startOf(nameNode) - start)));
    const visibility = access !== null ? (access[1] as "public" | "private" | "protected") : null;
    x.addSymbol({
      kind,
      name: identifierAt(x.text, startOf(nameNode)),
      start,
      end: endOf(node),
      signature: oneLine(header, 200),
      doc: blockDocAbove(x.text, start),
      exported: visibility === "public",
      visibility,
    });
  };

  const visitMethod = (x: Extraction, node: SyntaxNode): void => {
    const nameNode = field(node, "name");
    if (nameNode === null) return;
    const start = startOf(node);
    const nameStart = startOf(nameNode);
    const name = identifierAt(x.text, nameStart);
    const body = field(node, "body");
    const modifiers = x.slice(start, nameStart);
    const access = MODIFIER.exec(modifiers);
    const owner = x.current();
    const visibility = access !== null ? (access[1] as "public" | "private" | "protected") : owner?.kind === "Interface" ? "public" : null;
    if (owner !== null && owner.kind === "Interface" && !owner.members.includes(name)) owner.members.push(name);
    const symbol = x.addSymbol({
      kind: /@Test\b|@ParameterizedTest\b/.test(modifiers) ? "Test" : "Method",
      name,
      start,
      end: endOf(node),
      signature: x.signature(start, body !== null ? startOf(body) : endOf(node)).replace(/\s*;$/, ""),
      doc: blockDocAbove(x.text, start),
      exported: visibility === "public",
      visibility,
      params: paramsOf(x, field(node, "parameters")),
    });
    const returnType = field(node, "type");
    if (returnType !== null) {
      symbol.returnsFrom = startOf(returnType);
      symbol.returnsTo = endOf(returnType);
    }
  };

  /**
   * `Auth auth;` in a class body types a field, `Auth a = …;` / `var a = new Auth();` in a method
   * a local (`ExtractedSymbol.typed`). Arrays and primitives are left out: no methods of ours.
   */
  const visitVariables = (x: Extraction, node: SyntaxNode, isField: boolean): void => {
    const owner = x.current();
    const typeNode = field(node, "type");
    if (owner === null || typeNode === null || (isField ? !JAVA_CLASS_KINDS.has(owner.kind) : !FUNCTION_KINDS.has(owner.kind))) return;
    const untyped = UNTYPED.has(typeNode.type);
    const declared = oneLine(textOf(x, typeNode), 200);
    for (const declarator of namedChildrenOf(node)) {
      if (declarator.type !== "variable_declarator") continue;
      const nameNode = field(declarator, "name");
      if (nameNode === null || nameNode.type !== "identifier") continue;
      if (!isField) x.addLocal(owner, textOf(x, nameNode));
      if (field(declarator, "dimensions") !== null) continue;
      if (untyped) x.bindType(owner, textOf(x, nameNode), writtenType(bareType(declared)), true);
      else if (declared !== "var") x.bindType(owner, textOf(x, nameNode), writtenType(declared), true);
      else x.bindType(owner, textOf(x, nameNode), inferredType(x, field(declarator, "value")));
    }
  };

  /** A local bound by a loop, a catch clause or a lambda: typed when declared so (`for (Auth a : all)`). */
  const visitOtherLocal = (x: Extraction, node: SyntaxNode): void => {
    const owner = x.current();
    if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return;
    if (node.type === "lambda_expression") {
      const params = field(node, "parameters");
      const names = params === null ? [] : params.type === "identifier" ? [params] : namedChildrenOf(params).map((p) => (p.type === "identifier" ? p : field(p, "name")));
      for (const name of names) {
        if (name === null) continue;
        x.addLocal(owner, textOf(x, name));
        x.shadowType(owner, textOf(x, name));
      }
      return;
    }
    const name = field(node, "name");
    if (name === null) return;
    x.addLocal(owner, textOf(x, name));
    const type = node.type === "enhanced_for_statement" ? field(node, "type") : null;
    if (type !== null && !UNTYPED.has(type.type) && textOf(x, type) !== "var") x.bindType(owner, textOf(x, name), writtenType(oneLine(textOf(x, type), 200)), true);
    else x.shadowType(owner, textOf(x, name));
  };

  /** What `var x = …` holds: the class `new T()` names, or what `f()` / `a.f()` returns. */
  const inferredType = (x: Extraction, value: SyntaxNode | null): TypeNotation | null => {
    if (value === null) return null;
    if (value.type === "object_creation_expression") {
      const created = field(value, "type");
      return created !== null ? writtenType(oneLine(textOf(x, created), 200)) : null;
    }
    const name = value.type === "method_invocation" ? field(value, "name") : null;
    if (name === null) return null;
    const callee = x.slice(startOf(value), endOf(name)).replace(/\s+/g, "");
    return DOTTED_NAME.test(callee) ? { _tag: "Returned", callee } : null;
  };

  const heritage = (x: Extraction, node: SyntaxNode, kind: "extends" | "implements"): void => {
    const start = startOf(node);
    const end = endOf(node);
    const text = x.slice(start, Math.min(end, start + 2000));
    const keyword = /^\s*(extends|implements)\s+/.exec(text);
    const from = keyword !== null ? keyword[0].length : 0;
    for (const t of listedTypes(text.slice(from))) x.addReference(kind, t.name, t.qualifier, start + from + t.offset);
    x.skipTypesUntil = end;
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
          const m = SCOPED.exec(x.slice(start, start + 300));
          if (m === null) return;
          x.typeUse(m[2]!, m[1]!.replace(/[\s.]+$/, "").replace(/\s+/g, ""), start + m[0].length - m[2]!.length);
          x.skipTypesUntil = start + m[0].length;
          return;
        }
        case "switch_label":
          if (x.text.startsWith("case", start)) x.branch();
          return;
        case "method_invocation": {
          const node = ref.node();
          const nameNode = field(node, "name");
          if (nameNode === null) return;
          const nameStart = startOf(nameNode);
          const name = identifierAt(x.text, nameStart);
          const before = x.slice(start, nameStart).replace(/\s*\.\s*(<[^>]*>\s*)?$/, "");
          const reference = x.addReference("call", name, before.length > 0 ? oneLine(before, 120) : null, nameStart);
          describeArguments(x, reference, field(node, "arguments"));
          return;
        }
        case "object_creation_expression": {
          const m = NEW_TYPE.exec(x.slice(start, start + 300));
          if (m === null) return;
          const qualifier = m[1]!.replace(/[\s.]+$/, "").replace(/\s+/g, "");
          const nameAt = start + m[0].length - m[2]!.length;
          const reference = x.addReference("new", m[2]!, qualifier.length > 0 ? qualifier : null, nameAt);
          describeArguments(x, reference, field(ref.node(), "arguments"));
          x.skipTypesUntil = start + m[0].length;
          return;
        }
        case "method_declaration":
        case "constructor_declaration":
          visitMethod(x, ref.node());
          return;
        case "field_declaration":
          visitVariables(x, ref.node(), true);
          return;
        case "local_variable_declaration":
          visitVariables(x, ref.node(), false);
          return;
        case "enhanced_for_statement":
        case "catch_formal_parameter":
        case "lambda_expression":
          visitOtherLocal(x, ref.node());
          return;
        case "superclass":
          heritage(x, ref.node(), "extends");
          return;
        case "super_interfaces":
          heritage(x, ref.node(), "implements");
          return;
        case "extends_interfaces":
          heritage(x, ref.node(), "extends");
          return;
        case "type_parameter": {
          const name = identifierAt(x.text, start);
          x.declNames.add(start);
          const owner = x.current();
          if (owner !== null && name.length > 0) (owner.typeParams ??= new Set()).add(name);
          return;
        }
        case "package_declaration": {
          const m = /^package\s+([\w.\s]+?)\s*;/.exec(x.slice(start, start + 500));
          if (m !== null) x.packageName = m[1]!.replace(/\s+/g, "");
          return;
        }
        case "import_declaration": {
          const m = /^import\s+(static\s+)?([\w.\s$]+?)(\s*\.\s*\*)?\s*;/.exec(x.slice(start, start + 500));
          if (m === null) return;
          const path = m[2]!.replace(/\s+/g, "");
          const line = x.lineOf(start);
          if (m[3] !== undefined) {
            x.addImport({ specifier: path, names: [{ name: "*", alias: null }], kind: "import", typeOnly: false, line });
          } else if (m[1] !== undefined) {
            const dot = path.lastIndexOf(".");
            x.addImport({ specifier: path.slice(0, dot), names: [{ name: path.slice(dot + 1), alias: null }], kind: "import", typeOnly: false, line });
          } else {
            x.addImport({ specifier: path, names: [{ name: path.slice(path.lastIndexOf(".") + 1), alias: null }], kind: "import", typeOnly: false, line });
          }
          return;
        }
        default: {
          const kind = TYPE_DECLARATIONS[type];
          if (kind !== undefined) visitType(x, ref.node(), kind);
        }
      }
    },
  };
};
