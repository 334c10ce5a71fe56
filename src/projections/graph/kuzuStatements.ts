import { COLUMN_TYPES, NODE_COLUMNS, type RowTable } from "./kuzuSchema.js";
import type { CsvValue } from "./writeCsv.js";

/**
 * The Node binding types a list parameter from its first element, so a null there types the
 * whole column ANY and the statement fails. Nulls therefore travel as "" (strings; we never
 * store empty strings) or -1 (counts and lines) and become NULL again in the statement.
 */
export const withoutNulls = (
  table: RowTable,
  row: Readonly<Record<string, CsvValue>>,
  columns: ReadonlyArray<string> = NODE_COLUMNS[table],
): Record<string, CsvValue> => {
  const out: Record<string, CsvValue> = {};
  for (const c of columns) {
    const v = row[c] ?? null;
    out[c] = v !== null ? v : COLUMN_TYPES[c] === "INT64" ? -1 : COLUMN_TYPES[c] === "BOOLEAN" ? false : "";
  }
  return out;
};

/**
 * A column's value from `source` (`r.x` or `$x`) as `withoutNulls` sent it: its sentinel
 * becomes NULL again. Every operand is cast: the statement is bound before the parameter's
 * type is known.
 */
const valueOf = (column: string, source: string): string => {
  const type = COLUMN_TYPES[column] ?? "STRING";
  const v = `CAST(${source} AS ${type})`;
  if (type === "BOOLEAN") return v;
  const missing = type === "INT64" ? `${v} < 0` : `${v} = ''`;
  return `CASE WHEN ${missing} THEN CAST(NULL AS ${type}) ELSE ${v} END`;
};

export const unwindCreate = (table: RowTable): string => {
  const props = NODE_COLUMNS[table].map((c) => `${c}: ${valueOf(c, `r.${c}`)}`);
  return `UNWIND $rows AS r CREATE (:${table} {${props.join(", ")}})`;
};

/** One row's columns set by primary key (a single-row match is a lookup; see deleteNodes). */
export const setStatement = (table: RowTable, columns: ReadonlyArray<string>): string =>
  `MATCH (n:${table} {id: $id}) SET ${columns
    .filter((c) => c !== "id")
    .map((c) => `n.${c} = ${valueOf(c, `$${c}`)}`)
    .join(", ")}`;

export const FILE_UPDATE_COLUMNS = ["id", "path", "language", "lines", "hash", "status"] as const;

/** A path inside a COPY statement's quotes. */
export const quote = (path: string): string => path.replaceAll("\\", "/").replaceAll("'", "\\'");
