import type { LogHandle } from "../events/index.js";

/**
 * Where each lazily opened read model stood when this engine last wrote to it, kept in a side
 * table of events.db. The read model's own checkpoint stays authoritative: a hint is written
 * only after the store committed, so it can trail the checkpoint (then the store is opened and
 * asked) but never run ahead of it. It lets a run with nothing to do skip opening Kuzu and
 * LanceDB, which costs most of a no-change `nemesis index`.
 */
export interface ProjectionHint {
  readonly position: number;
  readonly version: number;
  /** What else decides the read model's content (its config); a different one voids the hint. */
  readonly fingerprint: string;
  /** Small facts the model had at `position` (e.g. graph counts), for summaries without opening it. */
  readonly detail: unknown;
}

const SCHEMA =
  "CREATE TABLE IF NOT EXISTS projection_hint (name TEXT PRIMARY KEY, position INTEGER NOT NULL, version INTEGER NOT NULL, fingerprint TEXT NOT NULL, detail TEXT)";

// Made once per connection (a hint is saved after every applied batch, on the save path).
const ensured = new WeakSet<LogHandle>();
const ensureTable = (log: LogHandle): void => {
  if (ensured.has(log)) return;
  log.db.exec(SCHEMA);
  ensured.add(log);
};

const tableExists = (log: LogHandle): boolean =>
  ensured.has(log) || log.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'projection_hint'").get() !== undefined;

export const readProjectionHint = (log: LogHandle, name: string): ProjectionHint | null => {
  if (!tableExists(log)) return null;
  const row = log.db.prepare("SELECT position, version, fingerprint, detail FROM projection_hint WHERE name = ?").get(name) as
    | { position: number; version: number; fingerprint: string; detail: string | null }
    | undefined;
  if (row === undefined) return null;
  return { position: row.position, version: row.version, fingerprint: row.fingerprint, detail: row.detail === null ? null : JSON.parse(row.detail) };
};

export const saveProjectionHint = (log: LogHandle, name: string, hint: ProjectionHint): void => {
  ensureTable(log);
  log.db
    .prepare(
      `INSERT INTO projection_hint (name, position, version, fingerprint, detail) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, version = excluded.version,
         fingerprint = excluded.fingerprint, detail = excluded.detail`,
    )
    .run(name, hint.position, hint.version, hint.fingerprint, hint.detail === null || hint.detail === undefined ? null : JSON.stringify(hint.detail));
};

export const dropProjectionHint = (log: LogHandle, name: string): void => {
  if (tableExists(log)) log.db.prepare("DELETE FROM projection_hint WHERE name = ?").run(name);
};
