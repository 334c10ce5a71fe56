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
  /**
   * Per event type, read a few fields of the payload instead of all of it: field name → JSON
   * path (`$.path`), or `length:$.symbols` for an array's length. SQLite extracts them, so a
   * replay that needs five fields of a large FileParsed never builds its symbols and chunks.
   */
  readonly summaries?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

const PATH = /^\$(\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*$/;
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The `data` column expression: the stored JSON, or for summarised types a json_object of the wanted fields. */
const dataColumn = (summaries: ReadFilter["summaries"]): string => {
  const types = Object.entries(summaries ?? {});
  if (types.length === 0) return "data";
  const cases = types.map(([type, fields]) => {
    const parts = Object.entries(fields).map(([name, spec]) => {
      const length = spec.startsWith("length:");
      const path = length ? spec.slice("length:".length) : spec;
      if (!PATH.test(path)) throw new Error(`summary path ${spec} for ${type} is not a simple JSON path like $.path`);
      return `${quote(name)}, ${length ? "json_array_length" : "json_extract"}(data, ${quote(path)})`;
    });
    return `WHEN ${quote(type)} THEN json_object(${parts.join(", ")})`;
  });
  return `CASE type ${cases.join(" ")} ELSE data END AS data`;
};

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
  if (filter.types && filter.types.length === 1) {
    // (type, position) index: rows come out in position order, so LIMIT stops early.
    where.push("type = ?");
    params.push(filter.types[0]);
  } else if (filter.types && filter.types.length > 1) {
    // With IN over several types SQLite would take the type index and sort every match after
    // `after` for each batch (quadratic over a replay); `+type` keeps it on the position order.
    where.push(`+type IN (${filter.types.map(() => "?").join(",")})`);
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
  const columns = filter.summaries ? EVENT_COLUMNS.replace(/\bdata\b/, dataColumn(filter.summaries)) : EVENT_COLUMNS;
  const sql = `SELECT ${columns} FROM events ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY position ${filter.descending ? "DESC" : "ASC"} ${filter.limit !== undefined ? "LIMIT ?" : ""}`;
  if (filter.limit !== undefined) params.push(filter.limit);
  let stmts = cache.get(log);
  if (!stmts) cache.set(log, (stmts = new Map()));
  let stmt = stmts.get(sql);
  if (!stmt) stmts.set(sql, (stmt = log.db.prepare(sql)));
  return (stmt.all(...params) as EventRow[]).map(rowToEvent);
};

/** Reads one stream from a version on, in version order. */
export const readStream = (log: LogHandle, stream: string, fromVersion = 1): RecordedEvent[] => {
  let stmts = cache.get(log);
  if (!stmts) cache.set(log, (stmts = new Map()));
  const sql = `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND version >= ? ORDER BY version`;
  let stmt = stmts.get(sql);
  if (!stmt) stmts.set(sql, (stmt = log.db.prepare(sql)));
  return (stmt.all(stream, fromVersion) as EventRow[]).map(rowToEvent);
};

export const headPosition = (log: LogHandle): number => log.stmt.head.get() as number;

export const streamVersion = (log: LogHandle, stream: string): number =>
  (log.stmt.streamVersion.get(stream) as number | null) ?? 0;

/** Position of the newest event of any of `types` (0 when none): one index lookup per type. */
export const lastPositionOfTypes = (log: LogHandle, types: ReadonlyArray<string>): number => {
  let last = 0;
  const stmt = log.db.prepare("SELECT COALESCE(MAX(position), 0) FROM events WHERE type = ?").pluck();
  for (const type of types) last = Math.max(last, stmt.get(type) as number);
  return last;
};
