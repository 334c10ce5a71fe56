import type { EventMeta } from "../envelope.js";
import { preparedOn, sqliteLog, type LogHandle } from "./sqliteLog.js";

/** A symbol as one parse of its file holds it. */
export interface SymbolInParse {
  readonly kind: string;
  readonly qualifiedName: string;
  readonly signature: string;
  readonly startLine: number;
  readonly endLine: number;
}

/** One event of a file's stream that decides what the file, or one symbol of it, is at that point. */
export interface FileMoment {
  readonly position: number;
  readonly type: "FileChanged" | "FileDeleted" | "FileParsed" | "ParseFailed";
  readonly recordedAt: string;
  /** The content written (FileChanged) or parsed (FileParsed, ParseFailed); null for a deletion. */
  readonly contentHash: string | null;
  readonly meta: EventMeta;
  /** For a parse: the symbol asked for as it holds it, or null when it has none by that id. */
  readonly symbol: SymbolInParse | null;
  /** For a parse, when bodies are asked for: the symbol's lines, cut out of the parse's chunks. */
  readonly body: string | null;
}

export interface TimelineOptions {
  /** The parser's id of a symbol of the file (its qualified name, `#2` for a redefinition). */
  readonly symbol?: string;
  /** Read the symbol's chunk texts too (what tells a body edit that kept the lines). */
  readonly body?: boolean;
  /** Only events after this position. */
  readonly after?: number;
}

const TYPES = "'FileChanged', 'FileDeleted', 'FileParsed', 'ParseFailed'";

// SQLite picks the one symbol (and its chunks) out of each payload itself: a parse of a large file
// is hundreds of kilobytes of JSON, of which a timeline needs a few fields.
const SYMBOL_SQL = `CASE WHEN e.type = 'FileParsed' AND typeof(e.data) = 'text' THEN (
    SELECT json_object('kind', json_extract(s.value, '$.kind'), 'qualifiedName', json_extract(s.value, '$.qualifiedName'),
      'signature', json_extract(s.value, '$.signature'), 'startLine', json_extract(s.value, '$.startLine'), 'endLine', json_extract(s.value, '$.endLine'))
    FROM json_each(e.data, '$.symbols') s WHERE json_extract(s.value, '$.id') = ? LIMIT 1) END`;
// The chunks that overlap the symbol's lines, as [startLine, text]: chunks pack small neighbours
// together, so a symbol's text is cut out of them (their text is an exact slice of the file).
const BODY_SQL = `CASE WHEN e.type = 'FileParsed' AND typeof(e.data) = 'text' THEN (
    SELECT json_group_array(json_array(json_extract(c.value, '$.startLine'), json_extract(c.value, '$.text')))
    FROM json_each(e.data, '$.chunks') c,
      (SELECT json_extract(s.value, '$.startLine') AS a, json_extract(s.value, '$.endLine') AS b
        FROM json_each(e.data, '$.symbols') s WHERE json_extract(s.value, '$.id') = ? LIMIT 1) sym
    WHERE json_extract(c.value, '$.startLine') <= sym.b AND json_extract(c.value, '$.endLine') >= sym.a) END`;

/** The symbol's lines out of the chunks that overlap them. */
const cutBody = (chunks: string, symbol: SymbolInParse): string => {
  const lines: string[] = [];
  for (const [start, text] of JSON.parse(chunks) as Array<[number, string]>) {
    const own = text.split("\n");
    for (let i = Math.max(0, symbol.startLine - start); i < own.length && start + i <= symbol.endLine; i++) lines.push(own[i]!);
  }
  return lines.join("\n");
};

type Row = [number, FileMoment["type"], string, string, string | null, string | null, string | null];

/**
 * The events of one file's stream (`file:<path>`) that say what it was, oldest first: its writes,
 * deletions and parses, each parse with only the one symbol asked for. By the stream's index, so
 * the cost is the file's own history, whatever the size of the log.
 */
export const readFileTimeline = (log: LogHandle, path: string, options: TimelineOptions = {}): FileMoment[] => {
  const symbol = options.symbol !== undefined;
  const body = symbol && options.body === true;
  const sql = `SELECT e.position, e.type, e.recorded_at, e.meta,
      CASE WHEN typeof(e.data) = 'text' THEN json_extract(e.data, '$.contentHash') END,
      ${symbol ? SYMBOL_SQL : "NULL"}, ${body ? BODY_SQL : "NULL"}
    FROM events e WHERE ${sqliteLog(log).streamSql.is.replace(/^stream/, "e.stream")} AND e.position > ? AND e.type IN (${TYPES})
    ORDER BY e.version`;
  const params: unknown[] = [];
  if (symbol) params.push(options.symbol);
  if (body) params.push(options.symbol);
  params.push(`file:${path}`, options.after ?? 0);
  return (preparedOn(log, sql, "raw").all(...params) as Row[]).map(([position, type, recordedAt, meta, contentHash, found, chunks]) => {
    const symbol = found === null ? null : (JSON.parse(found) as SymbolInParse);
    return { position, type, recordedAt, contentHash, meta: JSON.parse(meta) as EventMeta, symbol, body: symbol === null || chunks === null ? null : cutBody(chunks, symbol) };
  });
};
