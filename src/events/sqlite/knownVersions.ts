import type Database from "better-sqlite3";

/** A stream the log holds: its number (see openEventLog) and its version, which an append raises in place. */
export interface KnownStream {
  readonly id: number;
  version: number;
}

/**
 * Stream versions this connection has already looked up or written, so a batched append does
 * not search the (stream, version) index once per stream. They stay valid while the log is
 * exactly as this connection left it: no other connection has committed (SQLite's
 * `data_version` changes exactly then) and nothing of ours was rolled back (the head position
 * is the one recorded; AUTOINCREMENT never hands a position out twice, so a rolled-back append
 * always leaves a lower head). Both are read inside the append's write transaction, where
 * nobody else can commit.
 */
export interface KnownVersions {
  /** Streams by name; one lookup per stream of an append. Streams never written are not here. */
  readonly streams: Map<string, KnownStream>;
  /** Records the last position the transaction wrote: the versions hold for the log that ends there. */
  settle(lastWritten: number): void;
}

/** Plenty for any project's file streams; past it the map starts over rather than grow without bound. */
const MAX_STREAMS = 500_000;

interface Cache {
  readonly streams: Map<string, KnownStream>;
  readonly dataVersion: Database.Statement;
  readonly head: Database.Statement;
  lastDataVersion: number;
  lastHead: number;
}

const caches = new WeakMap<Database.Database, Cache>();

/** The connection's known versions, emptied when the log may have changed under them. Call inside the write transaction. */
export const knownVersions = (db: Database.Database, head: Database.Statement): KnownVersions => {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = { streams: new Map(), dataVersion: db.prepare("PRAGMA data_version").pluck(), head, lastDataVersion: -1, lastHead: -1 };
    caches.set(db, cache);
  }
  const c = cache;
  const dataVersion = c.dataVersion.get() as number;
  const headNow = c.head.get() as number;
  if (dataVersion !== c.lastDataVersion || headNow !== c.lastHead || c.streams.size > MAX_STREAMS) c.streams.clear();
  c.lastDataVersion = dataVersion;
  c.lastHead = headNow;
  return {
    streams: c.streams,
    settle: (head) => {
      if (head > c.lastHead) c.lastHead = head;
    },
  };
};

/** Forgets everything: for a transaction that rolled back after versions were recorded. */
export const forgetVersions = (db: Database.Database): void => {
  caches.get(db)?.streams.clear();
};
