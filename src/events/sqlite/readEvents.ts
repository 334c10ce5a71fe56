import type { RecordedEvent } from "../envelope.js";
import type { LogHandle } from "./openEventLog.js";
import { EVENT_COLUMNS, rowToEvent, type EventRow } from "./rowToEvent.js";

export interface ReadFilter {
  /** Read events with a position strictly greater than this. */
  readonly after?: number;
  /** Read events with a position strictly lower than this. */
  readonly before?: number;
  readonly limit?: number;
  readonly types?: ReadonlyArray<string>;
  readonly streamPrefix?: string;
  readonly source?: string;
  readonly since?: string;
  readonly until?: string;
  /** Newest first (used by `nemesis log --limit` to find the last N cheaply). */
  readonly descending?: boolean;
}

const cache = new WeakMap<LogHandle, Map<string, import("better-sqlite3").Statement>>();

/** Reads events in position order with optional filters; all filters run in SQL. */
export const readEvents = (log: LogHandle, filter: ReadFilter = {}): RecordedEvent[] => {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.after !== undefined) {
    where.push("position > ?");
    params.push(filter.after);
  }
  if (filter.before !== undefined) {
    where.push("position < ?");
    params.push(filter.before);
  }
  if (filter.types && filter.types.length > 0) {
    where.push(`type IN (${filter.types.map(() => "?").join(",")})`);
    params.push(...filter.types);
  }
  if (filter.streamPrefix !== undefined) {
    where.push("(stream = ? OR substr(stream, 1, ?) = ?)");
    params.push(filter.streamPrefix, filter.streamPrefix.length, filter.streamPrefix);
  }
  if (filter.source !== undefined) {
    where.push("json_extract(meta, '$.source') = ?");
    params.push(filter.source);
  }
  if (filter.since !== undefined) {
    where.push("recorded_at >= ?");
    params.push(filter.since);
  }
  if (filter.until !== undefined) {
    where.push("recorded_at <= ?");
    params.push(filter.until);
  }
  const sql = `SELECT ${EVENT_COLUMNS} FROM events ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY position ${filter.descending ? "DESC" : "ASC"} ${filter.limit !== undefined ? "LIMIT ?" : ""}`;
  if (filter.limit !== undefined) params.push(filter.limit);
  let stmts = cache.get(log);
  if (!stmts) cache.set(log, (stmts = new Map()));
  let stmt = stmts.get(sql);
  if (!stmt) stmts.set(sql, (stmt = log.db.prepare(sql)));
  return (stmt.all(...params) as EventRow[]).map(rowToEvent);
};

/** Reads one stream from a version on, in version order. */
export const readStream = (log: LogHandle, stream: string, fromVersion = 1): RecordedEvent[] =>
  (
    log.db
      .prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND version >= ? ORDER BY version`)
      .all(stream, fromVersion) as EventRow[]
  ).map(rowToEvent);

export const headPosition = (log: LogHandle): number => log.stmt.head.get() as number;

export const streamVersion = (log: LogHandle, stream: string): number =>
  (log.stmt.streamVersion.get(stream) as number | null) ?? 0;
