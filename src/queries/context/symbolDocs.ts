import type { GraphQueryable } from "../../projections/index.js";
import { nodeInFiles } from "../graphChanges.js";
import { perGraphState } from "../perGraphState.js";

/** Docstrings as smart context shows them: a symbol without one has no entry. */
export type SymbolDocs = ReadonlyMap<string, string>;

const column = <T>(row: Record<string, unknown> | undefined, name: string): T[] => (row?.[name] ?? []) as T[];

/**
 * Columns as lists side by side: Kuzu's Node binding builds a JS object per struct row, which
 * cost three times the CPU on sympy's symbols.
 */
const read = async (graph: GraphQueryable, where: string, params?: Record<string, unknown>): Promise<Array<[string, string]>> => {
  const [row] = await graph.query(
    `MATCH (s:Symbol) WHERE ${where} s.doc IS NOT NULL AND s.doc <> '' RETURN collect(s.id) AS id, collect(s.doc) AS doc`,
    params,
  );
  const ids = column<string>(row, "id");
  const docs = column<string>(row, "doc");
  return ids.map((id, i) => [id, docs[i]!]);
};

/** Every symbol's docstring, loaded once and then brought forward by the files each write changed. */
export const symbolDocs = perGraphState<SymbolDocs>(
  async (graph) => new Map(await read(graph, "")),
  async (previous, changed, graph) => {
    if (changed.size === 0) return previous;
    const docs = new Map([...previous].filter(([id]) => !nodeInFiles(id, changed)));
    for (const [id, doc] of await read(graph, "list_contains($paths, s.path) AND", { paths: [...changed] })) docs.set(id, doc);
    return docs;
  },
);
