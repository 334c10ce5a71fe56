import { writeFileSync } from "node:fs";

export type CsvValue = string | number | boolean | null;

/** Strings are always quoted (`"` doubled) so commas, quotes and newlines survive; null is an empty field. */
const csvField = (v: CsvValue): string => {
  if (v === null) return "";
  if (typeof v === "string") return `"${v.replaceAll('"', '""')}"`;
  return String(v);
};

/** Writes headerless CSV in the given column order, the shape `COPY … (HEADER=false)` reads. */
export const writeCsv = (
  file: string,
  columns: ReadonlyArray<string>,
  rows: ReadonlyArray<Readonly<Record<string, CsvValue>>>,
): void => {
  const lines = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    lines[i] = columns.map((c) => csvField(row[c] ?? null)).join(",");
  }
  writeFileSync(file, lines.length > 0 ? `${lines.join("\n")}\n` : "");
};

/** Whether any string in these rows holds a line break (Kuzu's parallel CSV reader rejects quoted newlines). */
export const hasLineBreaks = (rows: ReadonlyArray<Readonly<Record<string, CsvValue>>>): boolean =>
  rows.some((r) => Object.values(r).some((v) => typeof v === "string" && (v.includes("\n") || v.includes("\r"))));
