import type { SyntaxNode } from "tree-sitter";
import type { SymbolKind } from "../../../events/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { oneLine, type Extraction } from "../Extraction.js";
import { field, textOf } from "../LanguageExtractor.js";
import type { Handler } from "../table/LanguageTable.js";
import { docAbove, templateParams, type CScope } from "./cScope.js";
import { declaredName, withoutTemplateArguments } from "./declarators.js";

/** `struct S { … }`, `union U { … }`, `class A : public B { … }`: a class when it has a body and a name. */
export const recordSpecifier =
  (kind: SymbolKind): Handler<CScope> =>
  (ref, x, s) => {
    const node = ref.node();
    const body = field(node, "body");
    const nameNode = field(node, "name");
    if (body === null || nameNode === null || s.named.has(ref.start)) return;
    const declared = declaredName(x, nameNode);
    if (declared === null) return;
    x.declNames.add(declared.start);
    addRecord(x, s, node, kind, declared.name, ref.start, endOf(node), startOf(body));
  };

const addRecord = (x: Extraction, s: CScope, node: SyntaxNode, kind: SymbolKind, name: string, start: number, end: number, bodyStart: number, signature?: string): void => {
  const symbol = x.addSymbol({
    kind,
    name,
    start,
    end,
    signature: signature ?? x.signature(start, bodyStart),
    doc: docAbove(x, start),
    exported: true,
    visibility: "public",
  });
  templateParams(s, symbol, start);
  // `class A : public B, private ns::C<T>`: what A extends.
  const bases = namedChildrenOf(node).find((c) => c.type === "base_class_clause");
  if (bases !== undefined) {
    for (const base of namedChildrenOf(bases)) {
      if (base.type === "access_specifier" || base.type === "virtual") continue;
      const text = withoutTemplateArguments(oneLine(textOf(x, base), 200)).replace(/\s+/g, "");
      const parts = text.split("::").filter((p) => p.length > 0);
      const baseName = parts.pop();
      if (baseName === undefined || !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(baseName)) continue;
      x.addReference("extends", baseName, parts.length > 0 ? parts.join("::") : null, startOf(base) + textOf(x, base).lastIndexOf(baseName), symbol);
    }
    x.skipTypesUntil = endOf(bases);
  }
};

/**
 * `typedef A B;`, `typedef int (*fp)(int);`, `typedef struct { … } Foo;` (a class named by its
 * typedef), `typedef struct node { … } node_t;` (the struct, then the type from its name on).
 */
export const typeDefinition: Handler<CScope> = (ref, x, s) => {
  const node = ref.node();
  const type = field(node, "type");
  const start = ref.start;
  const body = type !== null ? field(type, "body") : null;
  const record = type !== null && (type.type === "struct_specifier" || type.type === "union_specifier" || type.type === "class_specifier" || type.type === "enum_specifier");
  const head = type !== null ? oneLine(x.slice(startOf(type), body !== null ? startOf(body) : endOf(type)), 120) : "";
  for (const declarator of namedChildrenOf(node).filter((c) => c.type !== "type_qualifier" && (type === null || startOf(c) !== startOf(type)))) {
    const declared = declaredName(x, declarator);
    if (declared === null) continue;
    x.declNames.add(declared.start);
    if (record && body !== null && field(type!, "name") === null && type!.type !== "enum_specifier") {
      s.named.add(startOf(type!));
      addRecord(x, s, type!, "Class", declared.name, start, endOf(node), startOf(body), `typedef ${head} ${declared.name}`);
      continue;
    }
    // A typedef of a record with a body starts after it, so the record is not inside the type.
    const from = record && body !== null ? startOf(declarator) : start;
    x.addSymbol({
      kind: "Type",
      name: declared.name,
      start: from,
      end: endOf(node),
      signature: record && body !== null ? oneLine(`typedef ${head} ${textOf(x, declarator)}`, 200) : x.signature(start, endOf(node)).replace(/\s*;$/, ""),
      doc: from === start ? docAbove(x, start) : null,
      exported: true,
      visibility: "public",
    });
  }
};

/** `enum E { … }` with a body. */
export const enumSpecifier: Handler<CScope> = (ref, x) => {
  const node = ref.node();
  const body = field(node, "body");
  const nameNode = field(node, "name");
  if (body === null || nameNode === null) return;
  const declared = declaredName(x, nameNode);
  if (declared === null) return;
  x.declNames.add(declared.start);
  x.addSymbol({ kind: "Enum", name: declared.name, start: ref.start, end: endOf(node), signature: x.signature(ref.start, startOf(body)), doc: docAbove(x, ref.start), exported: true, visibility: "public" });
};
