import { closestNames } from "../analysis/closestNames.js";
import type { CodeNode } from "./graphNodes.js";

export type SymbolPick =
  /** The symbol, with its members (a class's methods, nested functions) and its other overloads in `members`. */
  | { readonly _tag: "Symbol"; readonly symbol: CodeNode; readonly members: ReadonlyArray<CodeNode> }
  | { readonly _tag: "UnknownSymbol"; readonly candidates: ReadonlyArray<CodeNode> }
  | { readonly _tag: "AmbiguousSymbol"; readonly candidates: ReadonlyArray<CodeNode> };

const shortName = (s: CodeNode) => s.name.slice(s.name.lastIndexOf(".") + 1);

/**
 * The one symbol of `symbols` (one file's, as `findFile` gives them) that `wanted` names: its
 * qualified name (`Class.method`), else its own name when only one symbol has it, else the same
 * without regard to case. Several definitions of one qualified name are its overloads; several
 * different symbols with that name are ambiguous; none, unknown: both list candidates.
 */
export const pickSymbol = (symbols: ReadonlyArray<CodeNode>, wanted: string, candidates = 8): SymbolPick => {
  const exact = symbols.filter((s) => s.name === wanted);
  const named = exact.length > 0 ? exact : symbols.filter((s) => shortName(s) === wanted);
  const found = named.length > 0 ? named : symbols.filter((s) => s.name.toLowerCase() === wanted.toLowerCase() || shortName(s).toLowerCase() === wanted.toLowerCase());
  // One qualified name defined several times is one symbol with overloads (Python @overload,
  // TypeScript overload signatures): no name could tell them apart, so all of them are meant.
  const overloads = found.length > 1 && found.every((s) => s.name === found[0]!.name);
  if (found.length > 1 && !overloads) return { _tag: "AmbiguousSymbol", candidates: found.slice(0, candidates) };
  // The last definition: the implementation that follows its overload signatures.
  const symbol = found[found.length - 1];
  if (symbol === undefined) return { _tag: "UnknownSymbol", candidates: closestNames(wanted, symbols, (s) => [s.name, shortName(s)], candidates) };
  const prefix = `${symbol.name}.`;
  return { _tag: "Symbol", symbol, members: symbols.filter((s) => s !== symbol && (s.name === symbol.name || s.name.startsWith(prefix))) };
};
