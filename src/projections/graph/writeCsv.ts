import { writeFileSync } from "node:fs";
import type { GraphEdge } from "./model.js";

export type CsvValue = string | number | boolean | null;

/**
 * A string is quoted (`"` doubled) only when it must be: when it holds a delimiter, quote,
 * line break or backslash, has edge whitespace, or is empty. Ids and names rarely need it, and
 * Kuzu reads unquoted fields faster. Null is an empty field; Kuzu reads `""` as null too, which
 * is fine because we never store empty strings.
 */
const NEEDS_QUOTES = /[",\n\r\\]|^\s|\s$/;
const csvString = (v: string): string => (v === "" || NEEDS_QUOTES.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

const csvField = (v: CsvValue): string => {
  if (v === null) return "";
  if (typeof v === "string") return csvString(v);
  return String(v);
};

/**
 * Options every COPY of our CSV files takes: Kuzu's dialect sniffer costs more CPU than the
 * load itself (2.5 s of 3.1 s for 84k quoted edges), and our files always use its defaults.
 */
export const CSV_COPY_OPTIONS = "HEADER=false, AUTO_DETECT=false";

/** Writes headerless CSV in the given column order, the shape `COPY … (HEADER=false)` reads. */
export const writeCsv = (
  file: string,
  columns: ReadonlyArray<string>,
  rows: ReadonlyArray<Readonly<Record<string, CsvValue>>>,
): void => {
  let out = "";
  for (const row of rows) {
    let line = "";
    for (let i = 0; i < columns.length; i++) {
      if (i > 0) line += ",";
      line += csvField(row[columns[i]!] ?? null);
    }
    out += line + "\n";
  }
  writeFileSync(file, out);
};

/** Writes edges as headerless `from,to,line` rows, the shape a rel table's COPY reads. */
export const writeEdgeCsv = (file: string, edges: ReadonlyArray<GraphEdge>): void => {
  let out = "";
  for (const e of edges) out += `${csvString(e.from)},${csvString(e.to)},${e.line}\n`;
  writeFileSync(file, out);
};

/** Whether any string in these rows holds a line break (Kuzu's parallel CSV reader rejects quoted newlines). */
export const hasLineBreaks = (rows: ReadonlyArray<Readonly<Record<string, CsvValue>>>): boolean =>
  rows.some((r) => Object.values(r).some((v) => typeof v === "string" && (v.includes("\n") || v.includes("\r"))));
