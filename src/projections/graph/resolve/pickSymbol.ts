import type { ExtractedSymbol } from "../../../events/index.js";

export const first = (list: readonly ExtractedSymbol[] | undefined, accept: (s: ExtractedSymbol) => boolean): ExtractedSymbol | null => {
  if (list === undefined) return null;
  for (const s of list) if (accept(s)) return s;
  return null;
};

/** Not a lexical binding: methods are reached through their class, tests are not names. */
export const isScopeName = (s: ExtractedSymbol): boolean => s.kind !== "Method" && s.kind !== "Test";

/**
 * TypeScript keeps values and types apart (`interface X` and `const X` coexist), so a call
 * looks for a value and an annotation for a type; other languages have one namespace.
 */
export type Space = "value" | "type";
const VALUE_KINDS = new Set(["Function", "Class", "Variable", "Enum", "Namespace"]);
const TYPE_SPACE_KINDS = new Set(["Class", "Interface", "Type", "Enum"]);
const inSpace = (space: Space) => (s: ExtractedSymbol): boolean =>
  isScopeName(s) && (space === "value" ? VALUE_KINDS : TYPE_SPACE_KINDS).has(s.kind);
/** The declaration a name denotes in `space`, or (outside TypeScript) any declaration of it. */
export const pick = (list: readonly ExtractedSymbol[] | undefined, space: Space, family: string, exportedOnly = false): ExtractedSymbol | null => {
  const accept = family === "ts" ? inSpace(space) : isScopeName;
  if (exportedOnly) return first(list, (s) => accept(s) && s.exported);
  return first(list, accept);
};
