import { closestNames } from "../analysis/closestNames.js";
import { compareText, type GraphNode, type NodeIndex } from "../symbols/nodeIndex.js";
import { codeNodeOf, type CodeNode } from "./graphNodes.js";

export type SymbolLookup =
  | { readonly _tag: "Symbols"; readonly symbols: ReadonlyArray<CodeNode> }
  /** Nothing has that name: the closest symbol names in the project. */
  | { readonly _tag: "UnknownSymbol"; readonly name: string; readonly candidates: ReadonlyArray<CodeNode> };

const byPlace = (a: GraphNode, b: GraphNode): number => compareText(a.path ?? "", b.path ?? "") || a.startLine - b.startLine;

/**
 * Symbols anywhere in the project that `name` names: `<path>#<qualified name>` names one
 * exactly; otherwise a qualified name (`Class.method`) or a plain name, as written, else
 * regardless of case. All matches are returned, in path and line order; none gives the closest names instead.
 */
export const findSymbols = (index: NodeIndex, name: string, candidates = 8): SymbolLookup => {
  const hash = name.indexOf("#");
  const symbols = index.nodes.filter((n) => n.table === "Symbol");
  if (hash > 0) {
    const exact = index.byId.get(`s:${name}`);
    if (exact !== undefined && exact.table === "Symbol") return { _tag: "Symbols", symbols: [codeNodeOf(exact)] };
  }
  const lower = name.toLowerCase();
  for (const named of [
    (n: GraphNode) => n.qualifiedName === name || n.name === name,
    (n: GraphNode) => n.qualifiedName.toLowerCase() === lower || n.name.toLowerCase() === lower,
  ]) {
    const found = symbols.filter(named);
    if (found.length > 0) return { _tag: "Symbols", symbols: found.sort(byPlace).map(codeNodeOf) };
  }
  const all = symbols.sort(byPlace).map(codeNodeOf);
  const wanted = hash > 0 ? name.slice(hash + 1) : name;
  return { _tag: "UnknownSymbol", name, candidates: closestNames(wanted, all, (s) => [s.name, s.name.slice(s.name.lastIndexOf(".") + 1)], candidates) };
};
