import type { RecordedEvent } from "../envelope.js";
import type { Statement } from "better-sqlite3";
import { checkSpec, specSql, storedCovers } from "../summaries.js";
import { preparedOn, sqliteLog, type LogHandle } from "./sqliteLog.js";
import { payloadText } from "./payloadText.js";
import { EVENT_COLUMNS, rowToEvent, type EventRow, type SummaryPick } from "./rowToEvent.js";

import type { ReadFilter } from "../store/EventStore.js";

export type { ReadFilter };

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The payload as read: `e.data`, or without the fields `omit` names for its type. */
export const payloadSql = (omit: ReadFilter["omit"], column = "e.data", typeColumn = "e.type"): string => {
  const cases = Object.entries(omit ?? {})
    .filter(([, fields]) => fields.length > 0)
    .map(([type, fields]) => {
      for (const f of fields) if (!FIELD_NAME.test(f)) throw new Error(`omit: ${JSON.stringify(f)} is not a top-level field name`);
      // Payloads are JSON text; anything else (never written today) is handed over untouched.
      return `WHEN ${quote(type)} THEN CASE WHEN typeof(${column}) = 'text' THEN json_remove(${column}, ${fields.map((f) => quote(`$.${f}`)).join(", ")}) ELSE ${column} END`;
    });
  return cases.length === 0 ? column : `CASE ${typeColumn} ${cases.join(" ")} ELSE ${column} END`;
};

/**
 * The `data` column for summarised types: NULL where the summary stored at append time will be
 * filled in after the query (see fillSummaries: one range read of event_summaries instead of
 * a lookup per row), else the fields extracted from the payload by SQLite. Either way, in the
 * end, a JSON object keyed by spec, which rowToEvent renames.
 */
const dataColumn = (
  log: LogHandle,
  summaries: NonNullable<ReadFilter["summaries"]>,
  payload: string,
): { sql: string; picks: Map<string, SummaryPick>; stored: Map<string, string> } => {
  const picks = new Map<string, SummaryPick>();
  const stored = new Map<string, string>();
  const cases = Object.entries(summaries).map(([type, fields]) => {
    const pick = Object.entries(fields);
    for (const [, spec] of pick) checkSpec(type, spec);
    picks.set(type, pick);
    const specs = [...new Set(pick.map(([, spec]) => spec))];
    const extracted = `json_object(${specs.map((spec) => `${quote(spec)}, ${specSql(spec, "e.data")}`).join(", ")})`;
    if (!(sqliteLog(log).hasSummaries && storedCovers(type, specs))) return `WHEN ${quote(type)} THEN ${extracted}`;
    stored.set(type, extracted);
    return `WHEN ${quote(type)} THEN NULL`;
  });
  return { sql: `CASE e.type ${cases.join(" ")} ELSE ${payload} END AS data`, picks, stored };
};

type MutableRow = [number, string, string, number, string, number, string | Buffer | null, string, string];

/**
 * Puts the stored summary into each row whose `data` the query left NULL: the summaries of the
 * rows' position range in one ordered read, merged by position. A row without one (a payload
 * that was not an object when appended) gets the fields extracted from its payload.
 */
const fillSummaries = (log: LogHandle, rows: EventRow[], stored: ReadonlyMap<string, string>, descending: boolean): void => {
  let low = Infinity;
  let high = -Infinity;
  for (const row of rows) {
    if (row[6] !== null || !stored.has(row[4])) continue;
    if (row[0] < low) low = row[0];
    if (row[0] > high) high = row[0];
  }
  if (low > high) return;
  const range = prepared(log, "summaries", () => ({ sql: "SELECT position, summary FROM event_summaries WHERE position BETWEEN ? AND ? ORDER BY position" }));
  const summaries = range.stmt.all(low, high) as Array<[number, string]>;
  let j = 0;
  for (let k = 0; k < rows.length; k++) {
    const row = rows[descending ? rows.length - 1 - k : k] as unknown as MutableRow;
    if (row[6] !== null || !stored.has(row[4])) continue;
    while (j < summaries.length && summaries[j]![0] < row[0]) j++;
    if (j < summaries.length && summaries[j]![0] === row[0]) row[6] = summaries[j]![1];
    else {
      const sql = `SELECT ${stored.get(row[4])} FROM events e WHERE e.position = ?`;
      row[6] = (prepared(log, sql, () => ({ sql })).stmt.get(row[0]) as [string])[0];
    }
  }
};

/** What a bare row holds in the columns it does not read. */
const BARE_EMPTY: Readonly<Record<string, string>> = { event_id: "''", stream: "''", version: "0", meta: "''", recorded_at: "''" };

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

interface Prepared {
  readonly stmt: Statement;
  readonly picks: Map<string, SummaryPick> | undefined;
  readonly stored: Map<string, string> | undefined;
}

const cache = new WeakMap<LogHandle, Map<string, Prepared>>();

const prepared = (log: LogHandle, key: string, make: () => { sql: string; picks?: Map<string, SummaryPick>; stored?: Map<string, string> }): Prepared => {
  let stmts = cache.get(log);
  if (!stmts) cache.set(log, (stmts = new Map()));
  let entry = stmts.get(key);
  if (!entry) {
    const { sql, picks, stored } = make();
    stmts.set(key, (entry = { stmt: sqliteLog(log).db.prepare(sql).raw(true), picks, stored: stored && stored.size > 0 ? stored : undefined }));
  }
  return entry;
};

/** Rows as SQLite returns them, and how summarised types name their fields (for rowToEvent). */
export interface EventRows {
  readonly rows: EventRow[];
  readonly picks: ReadonlyMap<string, SummaryPick> | undefined;
}

/**
 * Like readEvents, without building an event per row: for a reader that handles most rows
 * itself (a replay) and turns only the rest into events with `rowToEvent(row, picks)`. A
 * summarised type's `data` is the JSON of its summary keyed by spec (`$.path`, ...).
 */
export const readEventRows = (log: LogHandle, filter: ReadFilter = {}): EventRows => {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.after !== undefined) {
    where.push("e.position > ?");
    params.push(filter.after);
  }
  if (filter.before !== undefined) {
    where.push("e.position < ?");
    params.push(filter.before);
  }
  if (filter.types && filter.types.length === 1) {
    // (type, position) index: rows come out in position order, so LIMIT stops early.
    where.push("e.type = ?");
    params.push(filter.types[0]);
  } else if (filter.types && filter.types.length > 1) {
    // With IN over several types SQLite would take the type index and sort every match after
    // `after` for each batch (quadratic over a replay); `+type` keeps it on the position order.
    where.push(`+e.type IN (${filter.types.map(() => "?").join(",")})`);
    params.push(...filter.types);
  }
  if (filter.streamPrefix !== undefined) {
    where.push("(e.stream = ? OR substr(e.stream, 1, ?) = ?)");
    params.push(filter.streamPrefix, filter.streamPrefix.length, filter.streamPrefix);
  }
  if (filter.source !== undefined) {
    where.push("json_extract(e.meta, '$.source') = ?");
    params.push(filter.source);
  }
  if (filter.since !== undefined) {
    where.push("e.recorded_at >= ?");
    params.push(filter.since);
  }
  if (filter.until !== undefined) {
    where.push("e.recorded_at <= ?");
    params.push(filter.until);
  }
  const summaries = filter.summaries;
  const bare = filter.bare !== undefined && filter.bare.length > 0 ? filter.bare : undefined;
  const deferred = filter.deferred !== undefined && filter.deferred.length > 0 ? filter.deferred : undefined;
  for (const type of deferred ?? []) {
    if (summaries?.[type] !== undefined) throw new Error(`${type} cannot be both summarised and deferred`);
  }
  const shape = `${where.join(" AND ")}|${filter.descending ? "d" : "a"}|${filter.limit !== undefined}|${summaries ? JSON.stringify(summaries) : ""}|${bare?.join(",") ?? ""}|${filter.omit ? JSON.stringify(filter.omit) : ""}|${deferred?.join(",") ?? ""}`;
  if (filter.limit !== undefined) params.push(filter.limit);
  const { stmt, picks, stored } = prepared(log, shape, () => {
    const payload = deferred ? `CASE WHEN e.type IN (${deferred.map(quote).join(", ")}) THEN NULL ELSE ${payloadSql(filter.omit)} END` : payloadSql(filter.omit);
    const data = summaries ? dataColumn(log, summaries, payload) : undefined;
    const isBare = bare ? `e.type IN (${bare.map(quote).join(", ")})` : "";
    const columns = EVENT_COLUMNS.split(", ")
      .map((c) => {
        if (c === "data") return data ? data.sql : payload === "e.data" ? payload : `${payload} AS data`;
        if (bare && BARE_EMPTY[c] !== undefined) return `CASE WHEN ${isBare} THEN ${BARE_EMPTY[c]} ELSE e.${c} END`;
        return `e.${c}`;
      })
      .join(", ");
    const sql = `SELECT ${columns} FROM events e ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY e.position ${filter.descending ? "DESC" : "ASC"} ${filter.limit !== undefined ? "LIMIT ?" : ""}`;
    return data ? { sql, picks: data.picks, stored: data.stored } : { sql };
  });
  const rows = stmt.all(...params) as EventRow[];
  if (stored !== undefined) fillSummaries(log, rows, stored, filter.descending === true);
  return { rows, picks };
};

/** Reads events in position order with optional filters; all filters run in SQL. */
export const readEvents = (log: LogHandle, filter: ReadFilter = {}): RecordedEvent[] => {
  const { rows, picks } = readEventRows(log, filter);
  const out = new Array<RecordedEvent>(rows.length);
  const load = filter.deferred !== undefined && filter.deferred.length > 0 ? payloadLoader(log, filter.omit) : undefined;
  for (let i = 0; i < rows.length; i++) out[i] = rowToEvent(rows[i]!, picks, load);
  return out;
};

/** One event's payload by position, as the batch it belongs to would have read it. */
export const payloadLoader = (log: LogHandle, omit: ReadFilter["omit"]): ((position: number) => string) => {
  const sql = payloadByPositionSql(omit);
  const { stmt } = prepared(log, sql, () => ({ sql }));
  return (position) => {
    const text = payloadText((stmt.get(position) as [string | Buffer] | undefined)?.[0]);
    if (text === null) throw new Error(`event #${position} is no longer in the log`);
    return text;
  };
};

/** One event's payload (without `omit`'s fields), the position its one parameter. */
export const payloadByPositionSql = (omit: ReadFilter["omit"]): string => `SELECT ${payloadSql(omit)} FROM events e WHERE e.position = ?`;

/** Reads one stream from a version on, in version order. */
export const readStream = (log: LogHandle, stream: string, fromVersion = 1): RecordedEvent[] => {
  const { stmt } = prepared(log, "stream", () => ({
    sql: `SELECT ${EVENT_COLUMNS} FROM events WHERE ${sqliteLog(log).streamSql.is} AND version >= ? ORDER BY version`,
  }));
  return (stmt.all(stream, fromVersion) as EventRow[]).map((row) => rowToEvent(row));
};

export const headPosition = (log: LogHandle): number => sqliteLog(log).stmt.head.get() as number;

export const streamVersion = (log: LogHandle, stream: string): number =>
  (sqliteLog(log).stmt.streamVersion.get(stream) as number | null) ?? 0;

/** Position of the newest event of any of `types` (0 when none): one index lookup per type. */
export const lastPositionOfTypes = (log: LogHandle, types: ReadonlyArray<string>): number => {
  let last = 0;
  const stmt = preparedOn(log, "SELECT COALESCE(MAX(position), 0) FROM events WHERE type = ?", "pluck");
  for (const type of types) last = Math.max(last, stmt.get(type) as number);
  return last;
};
