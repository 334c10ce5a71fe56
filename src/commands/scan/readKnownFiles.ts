import type { LogHandle } from "../../events/index.js";

/** What the log last said about one file: the state a new scan is compared against. */
export interface KnownFile {
  readonly path: string;
  /** The file stream's version (counting every event on it): the expected version of the next append. */
  readonly version: number;
  readonly state: "changed" | "deleted" | "skipped";
  readonly contentHash: string | null;
  readonly reason: string | null;
  /** The parser version of the latest parse of this very content, when there is one (see outdatedParse). */
  readonly parsedWith?: string | null;
  /** What the latest FileChanged saw on disk (size and mtime) and when it was recorded (ms): see `unchangedSince`. */
  readonly stat?: { readonly size: number; readonly mtime: number; readonly recordedAt: number } | null;
}

export const FILE_STREAM_PREFIX = "file:";
export const fileStream = (path: string): string => `${FILE_STREAM_PREFIX}${path}`;

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
const queries = (log: LogHandle) => (log.streamSql.group === "stream_id" ? numbered : byName);
const oneVersion = (log: LogHandle) => `SELECT MAX(version) FROM events WHERE ${log.streamSql.is}`;
const oneLatest = (log: LogHandle) => `SELECT type, json_extract(data, '$.contentHash') AS hash, json_extract(data, '$.reason') AS reason,
  json_extract(data, '$.size') AS size, json_extract(data, '$.mtime') AS mtime, recorded_at
  FROM events WHERE ${log.streamSql.is} AND type IN ('FileChanged', 'FileDeleted', 'FileSkipped') ORDER BY version DESC LIMIT 1`;

const STATE = { FileChanged: "changed", FileDeleted: "deleted", FileSkipped: "skipped" } as const;

interface LatestRow {
  readonly type: keyof typeof STATE;
  readonly hash: string | null;
  readonly reason: string | null;
  readonly size: number | null;
  readonly mtime: number | null;
  readonly recorded_at: string;
}

const statOf = (row: LatestRow): KnownFile["stat"] =>
  row.type === "FileChanged" && typeof row.size === "number" && typeof row.mtime === "number"
    ? { size: row.size, mtime: row.mtime, recordedAt: Date.parse(row.recorded_at) }
    : null;

/**
 * The latest FileChanged / FileDeleted / FileSkipped of every file stream, read from the log
 * itself (a command never asks a read model what already happened). Two queries, whatever
 * the number of files.
 */
export const readKnownFiles = (log: LogHandle): Map<string, KnownFile> => {
  const versions = new Map<string, number>();
  for (const row of log.db.prepare(queries(log).versions).iterate() as Iterable<{ stream: string; version: number | null }>) {
    if (row.version !== null) versions.set(row.stream, row.version);
  }
  const parses = new Map<string, { parser: string | null; hash: string | null }>();
  if (log.streamSql.group === "stream_id") {
    for (const row of log.db.prepare(latestParses).iterate() as Iterable<{ stream: string; parser: string | null; hash: string | null }>) {
      parses.set(row.stream, row);
    }
  }
  const known = new Map<string, KnownFile>();
  for (const row of log.db.prepare(queries(log).latest).iterate() as Iterable<LatestRow & { stream: string }>) {
    const path = row.stream.slice(FILE_STREAM_PREFIX.length);
    const parse = parses.get(row.stream);
    const parsedWith = parse !== undefined && parse.hash === row.hash ? parse.parser : null;
    known.set(path, { path, version: versions.get(row.stream) ?? 0, state: STATE[row.type], contentHash: row.hash, reason: row.reason, parsedWith, stat: statOf(row) });
  }
  for (const [stream, version] of versions) {
    const path = stream.slice(FILE_STREAM_PREFIX.length);
    if (!known.has(path)) known.set(path, { path, version, state: "deleted", contentHash: null, reason: null });
  }
  return known;
};

/** The same for one file (after a version conflict, only the streams involved are re-read). */
export const readKnownFile = (log: LogHandle, path: string): KnownFile | undefined => {
  const stream = fileStream(path);
  const version = (log.db.prepare(oneVersion(log)).pluck().get(stream) as number | null) ?? 0;
  const row = log.db.prepare(oneLatest(log)).get(stream) as LatestRow | undefined;
  if (!row) return version === 0 ? undefined : { path, version, state: "deleted", contentHash: null, reason: null };
  return { path, version, state: STATE[row.type], contentHash: row.hash, reason: row.reason, stat: statOf(row) };
};

/** The same for a few files: a batch of the watcher looks up its own paths, not the whole log. */
export const readKnownFilesAt = (log: LogHandle, paths: Iterable<string>): Map<string, KnownFile> => {
  const known = new Map<string, KnownFile>();
  for (const path of paths) {
    const k = readKnownFile(log, path);
    if (k) known.set(path, k);
  }
  return known;
};

/** Racy-git's margin: a record taken within this long of the file's mtime may have missed a write in the same clock tick. */
const RACY_MS = 2_000;

/**
 * The recorded hash of a file whose size and mtime are still what its FileChanged saw, when the
 * record came well after that mtime; otherwise undefined and the file must be read. A write in the
 * same timestamp tick as the read that was recorded could keep size and mtime while changing the
 * content (git's "racy" entries): only a stat older than the record by RACY_MS is trusted.
 */
export const unchangedSince = (k: KnownFile | undefined, size: number, mtime: number): string | undefined => {
  const s = k?.state === "changed" ? k.stat : null;
  if (!s || k!.contentHash === null) return undefined;
  return s.size === size && s.mtime === mtime && mtime < s.recordedAt - RACY_MS ? k!.contentHash : undefined;
};
