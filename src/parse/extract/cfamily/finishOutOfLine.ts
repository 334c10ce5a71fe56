import type { Extraction, SymbolDraft } from "../Extraction.js";
import { CLASS_KINDS, type CScope } from "./cScope.js";

/** Out-of-line methods whose class is in this file become its methods (HAS_METHOD). */
export const finishOutOfLine = (x: Extraction, s: CScope): void => {
  if (s.outOfLine.length === 0) return;
  const classes = new Map<string, SymbolDraft>();
  for (const symbol of x.symbols) if (CLASS_KINDS.has(symbol.kind) || symbol.kind === "Namespace") classes.set(symbol.qualifiedName, symbol);
  for (const { symbol, owner } of s.outOfLine) {
    const cls = classes.get(owner) ?? classes.get(owner.slice(owner.lastIndexOf(".") + 1));
    if (cls !== undefined && cls.kind !== "Namespace") {
      symbol.parent = cls.id;
    } else if (cls !== undefined) {
      // `void ns::f() { … }`: a function of the namespace.
      symbol.kind = "Function";
      symbol.parent = cls.id;
    }
  }
};
