import type { GraphQueryable, Params, Row } from "../../projections/index.js";

/**
 * The rows of a large read. `match` is everything before RETURN; `fields` maps each field of the
 * rows to the expression that fills it. Collecting them into one list value in Cypher paid off
 * while the store fetched each row through the thread pool; since it converts them all in one
 * synchronous pass (`KuzuStore.run`), plain rows are cheaper (sympy's symbols and symbol links:
 * 1.5-2.4 s as rows, 2.6-4.5 s as one list, at load 13).
 */
export const queryAsList = async (graph: GraphQueryable, match: string, fields: Readonly<Record<string, string>>, params?: Params): Promise<Row[]> => {
  const columns = Object.entries(fields)
    .map(([name, expression]) => `${expression} AS ${name}`)
    .join(", ");
  return graph.query(`${match} RETURN ${columns}`, params);
};
