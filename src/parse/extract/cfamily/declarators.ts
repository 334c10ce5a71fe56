import type { SyntaxNode } from "tree-sitter";
import type { Param } from "../../../events/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { oneLine, type Extraction } from "../Extraction.js";
import { field, textOf } from "../LanguageExtractor.js";

/**
 * Reading C and C++ declarators: a name is wrapped in pointers, references, parentheses and
 * function declarators (`int (*cb)(int)`, `const A& A::get() const`), and the wrapping says what
 * the name is.
 */

const WRAPPERS = new Set([
  "pointer_declarator",
  "reference_declarator",
  "parenthesized_declarator",
  "attributed_declarator",
  "array_declarator",
  "init_declarator",
]);

/** `<…>` template arguments removed (nested ones too), so `a::B<C<int>>::f` reads `a::B::f`. */
export const withoutTemplateArguments = (text: string): string => {
  let out = text;
  for (let guard = 0; guard < 8 && out.includes("<"); guard++) {
    const next = out.replace(/<[^<>]*>/g, "");
    if (next === out) break;
    out = next;
  }
  return out;
};

export interface DeclaredName {
  /** The last segment: `f`, `~A`, `operator==`. */
  readonly name: string;
  /** The segments before it (`A::f` → `["A"]`, `ns::A::f` → `["ns", "A"]`). */
  readonly scope: readonly string[];
  readonly start: number;
}

const NAME_TYPES = new Set([
  "identifier",
  "field_identifier",
  "type_identifier",
  "qualified_identifier",
  "destructor_name",
  "operator_name",
  "template_function",
  "namespace_identifier",
]);

/** The name a declarator declares, read from its innermost name node's text. */
export const declaredName = (x: Extraction, declarator: SyntaxNode | null): DeclaredName | null => {
  let node = declarator;
  for (let guard = 0; node !== null && guard < 16; guard++) {
    if (NAME_TYPES.has(node.type)) {
      const start = startOf(node);
      const text = withoutTemplateArguments(oneLine(x.slice(start, Math.min(endOf(node), start + 400)), 400)).replace(/\s+/g, "");
      const parts = text.split("::").filter((p) => p.length > 0);
      const name = parts.pop();
      return name !== undefined ? { name, scope: parts, start } : null;
    }
    node =
      field(node, "declarator") ??
      (WRAPPERS.has(node.type) || node.type === "function_declarator" ? namedChildrenOf(node).find((c) => c.type !== "type_qualifier" && c.type !== "ms_pointer_modifier") ?? null : null);
  }
  return null;
};

/** The function declarator a declarator is (through pointers to what it returns), or null. */
export const functionDeclaratorOf = (declarator: SyntaxNode | null): SyntaxNode | null => {
  let node = declarator;
  for (let guard = 0; node !== null && guard < 16; guard++) {
    if (node.type === "function_declarator") return node;
    if (!WRAPPERS.has(node.type)) return null;
    node = field(node, "declarator") ?? namedChildrenOf(node).find((c) => c.type !== "type_qualifier" && c.type !== "ms_pointer_modifier") ?? null;
  }
  return null;
};

/** Whether a function declarator declares a pointer to a function (`(*cb)(int)`) rather than a function. */
export const isFunctionPointer = (fn: SyntaxNode): boolean => {
  let node = field(fn, "declarator");
  for (let guard = 0; node !== null && guard < 16; guard++) {
    if (node.type === "pointer_declarator" || node.type === "reference_declarator") return true;
    if (node.type !== "parenthesized_declarator") return false;
    node = namedChildrenOf(node)[0] ?? null;
  }
  return false;
};

/** A type as the resolver reads a binding: qualifiers, `struct`, pointers and references dropped (`const struct A *` → `A`). */
export const bareCType = (written: string): string =>
  oneLine(written, 200)
    .replace(/\b(?:const|volatile|struct|union|enum|class|typename|static|inline|extern|mutable|register|constexpr)\b/g, "")
    .replace(/[*&]/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** The parameters of a function declarator (`(void)` has none; `...` is one named `...`). */
export const paramsOf = (x: Extraction, fn: SyntaxNode): Param[] => {
  const list = field(fn, "parameters");
  if (list === null) return [];
  const out: Param[] = [];
  for (const p of namedChildrenOf(list)) {
    if (p.type === "variadic_parameter" || p.type === "variadic_parameter_declaration") {
      out.push({ name: "...", type: "..." });
      continue;
    }
    if (p.type !== "parameter_declaration" && p.type !== "optional_parameter_declaration") continue;
    const type = field(p, "type");
    const declarator = field(p, "declarator");
    const name = declarator !== null ? declaredName(x, declarator) : null;
    const typeText = type !== null ? textOf(x, type) : "";
    if (declarator === null && typeText === "void") continue;
    // The declarator's pointers and references belong to the type: `char *s` is `s: char *`.
    const around = declarator !== null && name !== null ? x.slice(startOf(declarator), name.start).replace(/[\s(]/g, "") : "";
    out.push({ name: name?.name ?? "", type: type !== null ? oneLine(`${typeText}${around.length > 0 ? ` ${around}` : ""}`, 200) : null });
  }
  return out;
};
