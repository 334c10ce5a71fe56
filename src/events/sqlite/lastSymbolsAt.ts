import { preparedOn, sqliteLog, type LogHandle } from "./sqliteLog.js";

/** A symbol of a parse, as a comparison of two states needs it. */
export interface ParsedSymbolName {
  readonly id: string;
  readonly qualifiedName: string;
  readonly name: string;
  readonly kind: string;
  readonly signature: string;
}

// SQLite reads the five fields out of each symbol itself: a parse of a large file is hundreds of
// kilobytes of JSON (chunk texts, references, parameters), of which this needs a small part.
const SYMBOLS_SQL = `CASE WHEN e.type = 'FileParsed' AND typeof(e.data) = 'text' THEN (
    SELECT json_group_array(json_array(s.value ->> '$.id', s.value ->> '$.qualifiedName', s.value ->> '$.name', s.value ->> '$.kind', s.value ->> '$.signature'))
    FROM json_each(e.data, '$.symbols') s) END`;

const TYPES = ["FileParsed", "FileDeleted", "ParseFailed"];

/**
 * Per file stream, the symbols its newest FileParsed, FileDeleted or ParseFailed at or below
 * `atOrBefore` leaves in the graph: that parse's symbols, or none after a deletion or a failed
 * parse. A stream with no such event is absent from the map.
 */
export const lastSymbolsAt = (log: LogHandle, streams: Iterable<string>, atOrBefore: number): Map<string, ParsedSymbolName[]> => {
  const sql = `SELECT ${SYMBOLS_SQL} FROM events e WHERE ${sqliteLog(log).streamSql.is.replace(/^stream/, "e.stream")}
    AND e.position <= ? AND e.type IN (${TYPES.map(() => "?").join(", ")}) ORDER BY e.version DESC LIMIT 1`;
  const stmt = preparedOn(log, sql, "raw");
  const found = new Map<string, ParsedSymbolName[]>();
  for (const stream of streams) {
    const row = stmt.get(stream, atOrBefore, ...TYPES) as [string | null] | undefined;
    if (row === undefined) continue;
    const symbols = row[0] === null ? [] : (JSON.parse(row[0]) as Array<[string | null, string | null, string | null, string | null, string | null]>);
    found.set(
      stream,
      symbols.map(([id, qualifiedName, name, kind, signature]) => ({ id: id ?? "", qualifiedName: qualifiedName ?? "", name: name ?? "", kind: kind ?? "", signature: signature ?? "" })),
    );
  }
  return found;
};
