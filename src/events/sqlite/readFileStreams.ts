import { preparedOn, sqliteLog, type LogHandle } from "./sqliteLog.js";

/** The newest FileChanged, FileDeleted or FileSkipped of one file stream, the fields a scan compares. */
export interface LatestFileEvent {
  readonly type: "FileChanged" | "FileDeleted" | "FileSkipped";
  readonly hash: string | null;
  readonly reason: string | null;
  readonly size: number | null;
  readonly mtime: number | null;
  readonly recorded_at: string;
}

/** What the log holds of every file stream (`file:<path>`). */
export interface FileStreams {
  /** Each stream's version (counting every event on it). */
  readonly versions: ReadonlyMap<string, number>;
  /** Each stream's newest FileChanged / FileDeleted / FileSkipped. */
  readonly latest: ReadonlyArray<LatestFileEvent & { readonly stream: string }>;
  /** The parser version and content hash of each stream's newest FileParsed (empty on a log read before streams were numbered). */
  readonly parses: ReadonlyMap<string, { readonly parser: string | null; readonly hash: string | null }>;
}

// `name >= 'file:' AND name < 'file;'` is the prefix range (';' follows ':'): the streams
// table's name index finds the file streams, the (stream, version) index their versions, read
// newest first so a long history is not walked.
const numbered = {
  versions: `SELECT s.name AS stream, (SELECT MAX(version) FROM events WHERE stream_id = s.id) AS version
    FROM streams s WHERE s.name >= 'file:' AND s.name < 'file;'`,
  latest: `SELECT e.stream, e.type, json_extract(e.data, '$.contentHash') AS hash, json_extract(e.data, '$.reason') AS reason,
    json_extract(e.data, '$.size') AS size, json_extract(e.data, '$.mtime') AS mtime, e.recorded_at AS recorded_at
    FROM streams s JOIN events e ON e.position = (
      SELECT position FROM events WHERE stream_id = s.id AND type IN ('FileChanged', 'FileDeleted', 'FileSkipped')
      ORDER BY version DESC LIMIT 1)
    WHERE s.name >= 'file:' AND s.name < 'file;'`,
};
// A read-only open of a log written before streams were numbered (see openEventLog).
const byName = {
  versions: `SELECT stream, MAX(version) AS version FROM events
    WHERE stream >= 'file:' AND stream < 'file;' GROUP BY stream`,
  latest: `SELECT e.stream, e.type, json_extract(e.data, '$.contentHash') AS hash, json_extract(e.data, '$.reason') AS reason,
    json_extract(e.data, '$.size') AS size, json_extract(e.data, '$.mtime') AS mtime, e.recorded_at AS recorded_at
    FROM events e JOIN (
      SELECT MAX(position) AS p FROM events
      WHERE type IN ('FileChanged', 'FileDeleted', 'FileSkipped') AND stream >= 'file:' AND stream < 'file;'
      GROUP BY stream
    ) m ON e.position = m.p`,
};
// The parser version and content of each file's latest FileParsed, from its stored summary (or
// the payload, for an event appended before summaries existed).
const latestParses = `SELECT s.name AS stream,
    COALESCE(json_extract(sm.summary, '$."$.parserVersion"'), json_extract(e.data, '$.parserVersion')) AS parser,
    COALESCE(json_extract(sm.summary, '$."$.contentHash"'), json_extract(e.data, '$.contentHash')) AS hash
  FROM streams s JOIN events e ON e.position = (
    SELECT position FROM events WHERE stream_id = s.id AND type = 'FileParsed' ORDER BY version DESC LIMIT 1)
  LEFT JOIN event_summaries sm ON sm.position = e.position
  WHERE s.name >= 'file:' AND s.name < 'file;'`;

/**
 * Every file stream's version, newest change record and newest parse: three queries, whatever
 * the number of files. Rows are not decoded one by one: a no-change scan of a large repository
 * reads tens of thousands, and SQLite's column types already say what they are.
 */
export const readFileStreams = (log: LogHandle): FileStreams => {
  const isNumbered = sqliteLog(log).streamSql.group === "stream_id";
  const queries = isNumbered ? numbered : byName;
  const versions = new Map<string, number>();
  for (const row of preparedOn(log, queries.versions).iterate() as Iterable<{ stream: string; version: number | null }>) {
    if (row.version !== null) versions.set(row.stream, row.version);
  }
  const parses = new Map<string, { parser: string | null; hash: string | null }>();
  if (isNumbered) {
    for (const row of preparedOn(log, latestParses).iterate() as Iterable<{ stream: string; parser: string | null; hash: string | null }>) {
      parses.set(row.stream, row);
    }
  }
  const latest = preparedOn(log, queries.latest).all() as Array<LatestFileEvent & { stream: string }>;
  return { versions, latest, parses };
};

/** The same for one file stream: its version (0 when never written) and newest change record. */
export const readFileStream = (log: LogHandle, stream: string): { readonly version: number; readonly latest: LatestFileEvent | undefined } => {
  const is = sqliteLog(log).streamSql.is;
  const version = (preparedOn(log, `SELECT MAX(version) FROM events WHERE ${is}`, "pluck").get(stream) as number | null) ?? 0;
  const latest = preparedOn(
    log,
    `SELECT type, json_extract(data, '$.contentHash') AS hash, json_extract(data, '$.reason') AS reason,
  json_extract(data, '$.size') AS size, json_extract(data, '$.mtime') AS mtime, recorded_at
  FROM events WHERE ${is} AND type IN ('FileChanged', 'FileDeleted', 'FileSkipped') ORDER BY version DESC LIMIT 1`,
  ).get(stream) as LatestFileEvent | undefined;
  return { version, latest };
};
