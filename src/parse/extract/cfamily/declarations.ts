import type { SyntaxNode } from "tree-sitter";
import { writtenType } from "../../../events/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { FUNCTION_KINDS, type Extraction, type SymbolDraft } from "../Extraction.js";
import { field, textOf } from "../LanguageExtractor.js";
import type { Handler } from "../table/LanguageTable.js";
import { CLASS_KINDS, docAbove, templateParams, visibilityIn, type CScope } from "./cScope.js";
import { bareCType, declaredName, functionDeclaratorOf, isFunctionPointer, paramsOf, withoutTemplateArguments } from "./declarators.js";

/**
 * A declaration inside a class body (`void f();`, `A(int);`, `int (*cb)(int);`, `B* b;`): a
 * method it declares, a field holding a function (what `s->cb()` calls), or a typed field.
 */
export const memberDeclaration: Handler<CScope> = (ref, x, s) => {
  const owner = x.current();
  if (owner === null || !CLASS_KINDS.has(owner.kind)) {
    if (ref.type === "declaration") variableDeclaration(ref, x, s);
    return;
  }
  const node = ref.node();
  const start = ref.start;
  for (const declarator of declaratorsOf(node)) {
    const fn = functionDeclaratorOf(declarator);
    const declared = declaredName(x, declarator);
    if (declared === null) continue;
    x.declNames.add(declared.start);
    if (fn !== null) {
      const pointer = isFunctionPointer(fn);
      if (!pointer && owner.kind === "Interface" && !owner.members.includes(declared.name)) owner.members.push(declared.name);
      const symbol = x.addSymbol({
        kind: "Method",
        name: declared.name,
        start,
        end: endOf(node),
        signature: x.signature(start, endOf(node)).replace(/\s*;$/, ""),
        doc: docAbove(x, start),
        exported: true,
        visibility: visibilityIn(x, owner, start),
        params: paramsOf(x, fn),
      });
      const type = field(node, "type");
      if (type !== null && !pointer) {
        symbol.returnsFrom = startOf(type);
        symbol.returnsTo = endOf(type);
      }
      templateParams(s, symbol, start);
      continue;
    }
    const type = field(node, "type");
    if (type === null) continue;
    const written = textOf(x, type);
    if (holdsFunction(x, written)) {
      // `std::function<void(int)> on_change;`, `compare_fn cmp;`: a field holding a function.
      x.addSymbol({ kind: "Method", name: declared.name, start, end: endOf(node), signature: x.signature(start, endOf(node)).replace(/\s*;$/, ""), doc: docAbove(x, start), exported: true, visibility: visibilityIn(x, owner, start) });
      continue;
    }
    bindTyped(x, owner, declared.name, written);
  }
};

/** A type whose values are functions: `std::function<…>`, or a typedef of a function pointer declared in this file. */
const holdsFunction = (x: Extraction, written: string): boolean => {
  if (/^(?:std\s*::\s*)?function\s*</.test(written)) return true;
  if (!/^[\p{L}_][\p{L}\p{N}_]*$/u.test(written)) return false;
  return x.symbols.some((s) => s.kind === "Type" && s.name === written && /\(\s*\*|\bfunction\s*</.test(s.signature));
};

/** The declarators of a declaration (`int a, *b = 0;` has two). */
const declaratorsOf = (node: SyntaxNode): SyntaxNode[] => {
  const type = field(node, "type");
  return namedChildrenOf(node).filter(
    (c) =>
      (type === null || startOf(c) !== startOf(type) || c.type !== type.type) &&
      c.type !== "storage_class_specifier" &&
      c.type !== "type_qualifier" &&
      c.type !== "attribute_specifier" &&
      c.type !== "attribute_declaration" &&
      c.type !== "virtual" &&
      c.type !== "comment" &&
      !c.type.endsWith("_literal") &&
      c.type !== "number_literal" &&
      c.type !== "bitfield_clause" &&
      c.type !== "initializer_list",
  );
};

const PRIMITIVE = /^(?:(?:unsigned|signed|short|long|int|char|float|double|void|bool|_Bool|auto|wchar_t|size_t|ssize_t|u?int\d+_t|u?intptr_t)\b\s*)+$/;

const bindTyped = (x: Extraction, owner: SymbolDraft, name: string, written: string): void => {
  const bare = withoutTemplateArguments(bareCType(written));
  if (bare.length === 0 || PRIMITIVE.test(bare) || !/^[\p{L}_][\p{L}\p{N}_:]*$/u.test(bare)) return;
  x.bindType(owner, name, writtenType(bare.replace(/::/g, ".")), true);
};

/**
 * A declaration outside a class: a global variable (`int counter = 0;`; not `extern`, not a
 * prototype), or inside a function a local typed by its declaration (`A a;`, `A* p = new A();`).
 */
export const variableDeclaration: Handler<CScope> = (ref, x) => {
  const node = ref.node();
  const owner = x.current();
  const start = ref.start;
  const type = field(node, "type");
  if (owner !== null && FUNCTION_KINDS.has(owner.kind)) {
    for (const declarator of declaratorsOf(node)) {
      const declared = declaredName(x, declarator);
      if (declared === null || functionDeclaratorOf(declarator) !== null) continue;
      x.addLocal(owner, declared.name);
      const value = declarator.type === "init_declarator" ? field(declarator, "value") : null;
      const written = type !== null ? textOf(x, type) : "";
      if (value !== null && value.type === "new_expression" && /\bauto\b/.test(written)) {
        const created = field(value, "type");
        if (created !== null) bindTyped(x, owner, declared.name, textOf(x, created));
      } else if (type !== null) bindTyped(x, owner, declared.name, written);
    }
    return;
  }
  if (owner !== null && owner.kind !== "Namespace") return;
  const header = x.slice(start, type !== null ? startOf(type) : start);
  if (/\bextern\b/.test(header)) return;
  for (const declarator of declaratorsOf(node)) {
    if (functionDeclaratorOf(declarator) !== null) continue;
    const declared = declaredName(x, declarator);
    if (declared === null || declared.scope.length > 0) continue;
    x.declNames.add(declared.start);
    const isPrivate = /\bstatic\b/.test(header);
    const symbol = x.addSymbol({
      kind: "Variable",
      name: declared.name,
      start,
      end: endOf(node),
      signature: x.signature(start, endOf(node)).replace(/\s*;$/, ""),
      doc: docAbove(x, start),
      exported: !isPrivate,
      visibility: isPrivate ? "private" : "public",
    });
    if (type !== null) bindTyped(x, symbol, declared.name, textOf(x, type));
  }
};
