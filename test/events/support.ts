import { mkdtempSync, rmSync } from "node:fs";
import { afterEach, beforeEach } from "vitest";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { closeEventLog, openEventLog, type LogHandle } from "../../src/events/index.js";
import { sqliteLog } from "../../src/events/sqlite/sqliteLog.js";

export const CHILDREN = resolve(import.meta.dirname, "children");

export const tempLog = (): { path: string; open: () => LogHandle; cleanup: () => void } => {
  const dir = mkdtempSync(join(tmpdir(), "nemesis-log-"));
  const path = join(dir, "events.db");
  return { path, open: () => openEventLog(path), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
};

/** A fresh log for every test of the calling suite, closed and removed after it; `use` receives it. */
export const eachTestWithTempLog = (use: (log: LogHandle, path: string) => void): void => {
  let t: ReturnType<typeof tempLog>;
  let log: LogHandle;
  beforeEach(() => {
    t = tempLog();
    log = t.open();
    use(log, t.path);
  });
  afterEach(() => {
    closeEventLog(log);
    t.cleanup();
  });
};

export interface RawEvent {
  readonly eventId: string;
  readonly stream: string;
  readonly version?: number;
  readonly type: string;
  readonly schema?: number;
  /** Stored as given: a string as is, anything else as its JSON. */
  readonly data: unknown;
  readonly meta?: string;
  readonly recordedAt?: string;
}

/**
 * Stores one row with SQL of its own, as another build would have: any schema version, no
 * summary beside it, the connection's cached stream versions bypassed. For tests of old
 * payloads and of readers' fallbacks.
 */
export const insertRawEvent = (log: LogHandle, e: RawEvent): void => {
  const db = rawDatabase(log);
  db.prepare("INSERT OR IGNORE INTO streams (name) VALUES (?)").run(e.stream);
  db.prepare(
    `INSERT INTO events (event_id, stream, stream_id, version, type, schema, data, meta, recorded_at)
     VALUES (?, ?, (SELECT id FROM streams WHERE name = ?), ?, ?, ?, ?, ?, ?)`,
  ).run(
    e.eventId,
    e.stream,
    e.stream,
    e.version ?? 1,
    e.type,
    e.schema ?? 1,
    typeof e.data === "string" ? e.data : JSON.stringify(e.data),
    e.meta ?? '{"source":"cli"}',
    e.recordedAt ?? "2026-01-01T00:00:00.000Z",
  );
};

/**
 * The log's SQLite connection, for a test that plays another build, a crash or a tool outside
 * Nemesis (src/ never reaches it outside src/events: see test/dependencyRules.test.ts).
 */
export const rawDatabase = (log: LogHandle) => sqliteLog(log).db;
