import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import { closestNames } from "../analysis/closestNames.js";
import { codeNode, nodeColumns, type CodeNode } from "./graphNodes.js";

export type SymbolLookup =
  | { readonly _tag: "Symbols"; readonly symbols: ReadonlyArray<CodeNode> }
  /** Nothing has that name: the closest symbol names in the project. */
  | { readonly _tag: "UnknownSymbol"; readonly name: string; readonly candidates: ReadonlyArray<CodeNode> };

const BY_ID = `MATCH (a:Symbol) WHERE a.id = $id RETURN ${nodeColumns("a")}`;
const BY_NAME = `MATCH (a:Symbol) WHERE a.qualifiedName = $name OR a.name = $name RETURN ${nodeColumns("a")} ORDER BY a_path, a_line`;
const BY_NAME_NOCASE = `MATCH (a:Symbol) WHERE lower(a.qualifiedName) = $name OR lower(a.name) = $name RETURN ${nodeColumns("a")} ORDER BY a_path, a_line`;
const ALL = `MATCH (a:Symbol) RETURN ${nodeColumns("a")} ORDER BY a_path, a_line`;

/**
 * Symbols anywhere in the project that `name` names: `<path>#<qualified name>` names one
 * exactly; otherwise a qualified name (`Class.method`) or a plain name, as written, else
 * regardless of case. All matches are returned; none gives the closest names instead.
 */
export const findSymbols = async (graph: GraphQueryable, name: string, candidates = 8): Promise<SymbolLookup> => {
  const hash = name.indexOf("#");
  if (hash > 0) {
    const rows = await graph.query(BY_ID, { id: `s:${name}` });
    if (rows.length > 0) return { _tag: "Symbols", symbols: rows.map((r) => codeNode(r, "a")) };
  }
  for (const [cypher, value] of [
    [BY_NAME, name],
    [BY_NAME_NOCASE, name.toLowerCase()],
  ] as const) {
    const rows = await graph.query(cypher, { name: value });
    if (rows.length > 0) return { _tag: "Symbols", symbols: rows.map((r) => codeNode(r, "a")) };
  }
  const all = (await graph.query(ALL)).map((r) => codeNode(r, "a"));
  const wanted = hash > 0 ? name.slice(hash + 1) : name;
  return { _tag: "UnknownSymbol", name, candidates: closestNames(wanted, all, (s) => [s.name, s.name.slice(s.name.lastIndexOf(".") + 1)], candidates) };
};
