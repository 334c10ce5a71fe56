import { parse } from "csv-parse/sync";
import { DEFAULT_RELATION, formatError, type DocEdge, type DocNode, type FormatError, type GraphDocument } from "./GraphDocument.js";

const RELATION_COLUMNS = ["relation", "label", "kind"];

const objectFrom = (text: string, where: string): { readonly ok: Record<string, unknown> } | FormatError => {
  if (text.trim() === "") return { ok: {} };
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v === "object" && v !== null && !Array.isArray(v)) return { ok: v as Record<string, unknown> };
  } catch {
    // Reported below with the row.
  }
  return formatError(`${where}: the properties column must hold a JSON object, not ${JSON.stringify(text.slice(0, 60))}`);
};

/**
 * An edge list with a header row (RFC 4180, through csv-parse): `source` and `target` columns
 * required; `relation` (or `label`, `kind`), `properties` (a JSON object) and `type` optional.
 * A row with an empty target declares a node (its type and properties). Lines starting with
 * `#` are comments.
 */
export const parseScratchCsv = (text: string): GraphDocument | FormatError => {
  let rows: Array<Record<string, string>>;
  try {
    rows = parse(text, { columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), bom: true, comment: "#", comment_no_infix: true, skip_empty_lines: true });
  } catch (e) {
    return formatError(`not valid CSV: ${(e as Error).message}`);
  }
  const columns = rows.length > 0 ? Object.keys(rows[0]!) : headerOf(text);
  if (!columns.includes("source") || !columns.includes("target")) {
    return formatError(`CSV needs "source" and "target" columns (and may have relation, properties, type); its header has ${columns.length > 0 ? columns.map((c) => `"${c}"`).join(", ") : "no columns"}`);
  }
  const relationColumn = RELATION_COLUMNS.find((c) => columns.includes(c));
  const nodes: DocNode[] = [];
  const edges: DocEdge[] = [];
  for (const [i, row] of rows.entries()) {
    const where = `row ${i + 2}`;
    const source = (row.source ?? "").trim();
    const target = (row.target ?? "").trim();
    if (source === "") return formatError(`${where}: source is empty`);
    const parsed = objectFrom(row.properties ?? "", where);
    if (!("ok" in parsed)) return parsed;
    const properties = parsed.ok;
    if (target === "") {
      nodes.push({ label: source, type: (row.type ?? "").trim() || null, properties });
      continue;
    }
    const relation = relationColumn === undefined ? "" : (row[relationColumn] ?? "").trim();
    edges.push({ source, target, relation: relation || DEFAULT_RELATION, properties });
  }
  return { nodes, edges };
};

/** The header of a CSV without data rows. */
const headerOf = (text: string): string[] => {
  try {
    const first = parse(text, { bom: true, comment: "#", comment_no_infix: true, skip_empty_lines: true, to_line: 1 }) as string[][];
    return (first[0] ?? []).map((h) => h.trim().toLowerCase());
  } catch {
    return [];
  }
};
