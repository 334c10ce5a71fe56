import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { field, textOf, unquote } from "../LanguageExtractor.js";
import type { Handler } from "../table/LanguageTable.js";
import { docAbove, type CScope } from "./cScope.js";

/** `#define N 10` (a variable) and `#define MAX(a, b) …` (a function): what code written with them calls. */
export const macroDefinition: Handler<CScope> = (ref, x) => {
  const node = ref.node();
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const name = textOf(x, nameNode);
  const paramsNode = field(node, "parameters");
  const value = field(node, "value");
  const params = paramsNode !== null ? namedChildrenOf(paramsNode).map((p) => ({ name: textOf(x, p), type: null })) : [];
  x.declNames.add(startOf(nameNode));
  x.addSymbol({
    kind: ref.type === "preproc_function_def" ? "Function" : "Variable",
    name,
    start: ref.start,
    end: value !== null ? endOf(value) : endOf(nameNode),
    signature: x.signature(ref.start, value !== null ? endOf(value) : endOf(nameNode)),
    doc: docAbove(x, ref.start),
    exported: true,
    visibility: "public",
    ...(paramsNode !== null ? { params } : {}),
  });
};

/** `#include "a/b.h"` (specifier `a/b.h`) and `#include <vector>` (specifier `<vector>`): everything the header declares comes in. */
export const include: Handler<CScope> = (ref, x) => {
  const path = field(ref.node(), "path");
  if (path === null) return;
  const text = textOf(x, path).trim();
  const specifier = path.type === "system_lib_string" ? text : unquote(text);
  if (specifier.length === 0) return;
  x.addImport({ specifier, names: [{ name: "*", alias: null }], kind: "import", typeOnly: false, line: x.lineOf(ref.start) });
};
