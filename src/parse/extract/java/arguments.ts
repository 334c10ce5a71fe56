import type { SyntaxNode } from "tree-sitter";
import type { Reference, ArgumentHint } from "../../../events/index.js";
import { withoutTypeArguments } from "../../../shared/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { oneLine, type Extraction, type Mutable } from "../Extraction.js";
import { field, textOf } from "../LanguageExtractor.js";

export const DOTTED_NAME = /^[\p{L}_$][\p{L}\p{N}_$]*(?:\.[\p{L}_$][\p{L}\p{N}_$]*)*$/u;

/** Longest receiver text an argument hint keeps (a generated `a.b.c…` chain is no type we read). */
const HINT_MAX = 200;
const INTEGER_LITERALS = new Set(["decimal_integer_literal", "hex_integer_literal", "octal_integer_literal", "binary_integer_literal"]);
const FLOAT_LITERALS = new Set(["decimal_floating_point_literal", "hex_floating_point_literal"]);
const BOOLEAN_OPERATORS = new Set(["==", "!=", "<", ">", "<=", ">=", "&&", "||"]);
/** Numeric promotion of a binary operation's operands (`1 + 2L` is a long). */
const NUMERIC_RANK = ["int", "long", "float", "double"];

/** A type as an argument hint names it: one line, no generic arguments (`Map<K, V>` → `Map`). */
export const bareType = (written: string): string => withoutTypeArguments(oneLine(written, 200)).replace(/\s+/g, "");

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
export const describeArguments = (x: Extraction, reference: Mutable<Reference>, list: SyntaxNode | null): void => {
  const args = list === null ? [] : namedChildrenOf(list).filter((c) => c.type !== "line_comment" && c.type !== "block_comment");
  reference.arity = args.length;
  // Overloads differ in a few parameters; a generated call with hundreds of arguments is not hinted.
  if (args.length === 0 || args.length > 64) return;
  const hints = args.map((a) => argumentHint(x, a));
  if (hints.some((h) => h !== null)) reference.args = hints;
};
