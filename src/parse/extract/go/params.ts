import type { SyntaxNode } from "tree-sitter";
import type { Param } from "../../../events/index.js";
import { endOf, startOf } from "../../collectNodes.js";
import { oneLine, type Extraction } from "../Extraction.js";
import { splitTopLevel } from "../typeLists.js";

const NAMED_PARAM = /^([\p{L}_][\p{L}\p{N}_]*)\s+(\S[\s\S]*)$/u;

/**
 * Parameters from the text of a Go parameter list. `a, b int` gives both names the type; a list
 * of bare types (`(int, error)`) gives unnamed parameters `_`. Text, not nodes: every node
 * costs a native call.
 */
export const goParamsFromText = (text: string): Param[] => {
  const inner = text.replace(/^\s*\(/, "").replace(/\)\s*$/, "");
  const parts = splitTopLevel(inner, ",").map((p) => p.part.trim()).filter((p) => p.length > 0);
  const named = parts.map((p) => NAMED_PARAM.exec(p));
  const anyNamed = named.some((m) => m !== null);
  const out: Param[] = [];
  let pendingNames: string[] = [];
  parts.forEach((part, i) => {
    const m = named[i];
    if (!anyNamed) {
      out.push({ name: "_", type: oneLine(part, 200) });
    } else if (m === null || m === undefined) {
      pendingNames.push(part);
    } else {
      const type = oneLine(m[2]!, 200);
      for (const name of pendingNames) out.push({ name, type });
      pendingNames = [];
      out.push({ name: m[1]!, type });
    }
  });
  for (const name of pendingNames) out.push({ name, type: null });
  return out;
};

export const paramsOf = (x: Extraction, list: SyntaxNode | null): Param[] => {
  if (list === null) return [];
  const start = startOf(list);
  return goParamsFromText(x.slice(start, Math.min(endOf(list), start + 4000)));
};
