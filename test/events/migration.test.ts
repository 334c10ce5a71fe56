import Database from "better-sqlite3";
import * as Either from "effect/Either";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendToStreams, closeEventLog, decodeEvent, openEventLog, readEvents, readStream, streamVersion, validatePayload } from "../../src/events/index.js";
import { readKnownFiles } from "../../src/commands/readKnownFiles.js";
import { insertRawEvent, tempLog } from "./support.js";
import { sqliteLog } from "../../src/events/sqlite/sqliteLog.js";

/** The schema every log had before summaries: `data` before `meta`, no summary table, user_version 0. */
const OLD_SCHEMA = `
CREATE TABLE events (
  position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL,
  version INTEGER NOT NULL, type TEXT NOT NULL, schema INTEGER NOT NULL, data BLOB NOT NULL,
  meta TEXT NOT NULL, recorded_at TEXT NOT NULL, UNIQUE (stream, version)
);
CREATE INDEX events_by_type ON events (type, position);`;

/** The schema of user_version 2: `data` last, summaries, streams named in every row and in the (stream, version) index. */
const V2_SCHEMA = `
CREATE TABLE events (
  position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL,
  version INTEGER NOT NULL, type TEXT NOT NULL, schema INTEGER NOT NULL, meta TEXT NOT NULL,
  recorded_at TEXT NOT NULL, data BLOB NOT NULL, UNIQUE (stream, version)
);
CREATE INDEX events_by_type ON events (type, position);
CREATE TABLE event_summaries (position INTEGER PRIMARY KEY, summary TEXT NOT NULL);`;

const meta = { source: "test" as const };
const parsed = (path: string, symbols: number, hasErrors = false) => ({
  path,
  contentHash: `h-${path}`,
  language: "typescript",
  parserVersion: "p1",
  packageName: null,
  lineCount: 3,
  hasErrors,
  symbols: Array.from({ length: symbols }, (_, i) => ({ id: `s${i}` })),
  references: [],
  imports: [],
  chunks: [{ text: "a" }, { text: "b" }],
});
const WANT = {
  FileParsed: { path: "$.path", hash: "$.contentHash", symbolCount: "length:$.symbols", chunks: "length:$.chunks", hasErrors: "$.hasErrors" },
};

/** Writes events the way the previous build did: its own SQL, no summaries. */
const writeOld = (db: Database.Database, rows: Array<[stream: string, version: number, type: string, data: unknown]>) => {
  const insert = db.prepare(
    "INSERT INTO events (event_id, stream, version, type, schema, data, meta, recorded_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?)",
  );
  rows.forEach(([stream, version, type, data], i) =>
    insert.run(`old-${i}`, stream, version, type, JSON.stringify(data), JSON.stringify(meta), "2026-01-01T00:00:00.000Z"),
  );
};

describe("event log schema migration", () => {
  let t: ReturnType<typeof tempLog>;
  beforeEach(() => {
    t = tempLog();
  });
  afterEach(() => t.cleanup());

  it("opens a log written by the previous build: summaries backfilled once, appends continue its streams", () => {
    const old = new Database(t.path);
    old.exec(OLD_SCHEMA);
    writeOld(old, [
      ["file:a.ts", 1, "FileChanged", { path: "a.ts", contentHash: "h-a.ts", size: 1, mtime: 1, language: "typescript" }],
      ["file:a.ts", 2, "FileParsed", parsed("a.ts", 3, true)],
      ["file:b.ts", 1, "FileParsed", parsed("b.ts", 0)],
    ]);
    old.close();

    const log = t.open();
    try {
      expect(sqliteLog(log).db.pragma("user_version", { simple: true })).toBe(3);
      expect(sqliteLog(log).db.prepare("SELECT COUNT(*) FROM event_summaries").pluck().get()).toBe(2);
      const r = appendToStreams(log, [{ stream: "file:a.ts", expectedVersion: 2, events: [{ type: "FileParsed", data: parsed("a.ts", 5), meta }] }]);
      expect("versions" in r && r.versions).toEqual([3]);
      const summaries = readEvents(log, { types: ["FileParsed"], summaries: WANT }).map((e) => e.data);
      expect(summaries).toEqual([
        { path: "a.ts", hash: "h-a.ts", symbolCount: 3, chunks: 2, hasErrors: true },
        { path: "b.ts", hash: "h-b.ts", symbolCount: 0, chunks: 2, hasErrors: false },
        { path: "a.ts", hash: "h-a.ts", symbolCount: 5, chunks: 2, hasErrors: false },
      ]);
      // Whole payloads still read in full, in both layouts.
      expect(readStream(log, "file:a.ts").map((e) => (e.data as { path: string }).path)).toEqual(["a.ts", "a.ts", "a.ts"]);
    } finally {
      closeEventLog(log);
    }
    // A second open does not migrate again (the backfill would find nothing new anyway).
    const again = t.open();
    expect(sqliteLog(again).db.prepare("SELECT COUNT(*) FROM event_summaries").pluck().get()).toBe(3);
    closeEventLog(again);
  });

  it("reads events stored without a summary row from their payload", () => {
    const log = t.open();
    try {
      appendToStreams(log, [{ stream: "file:a.ts", expectedVersion: "any", events: [{ type: "FileParsed", data: parsed("a.ts", 2), meta }] }]);
      insertRawEvent(log, { eventId: "raw-b", stream: "file:b.ts", type: "FileParsed", data: parsed("b.ts", 4, true) });
      const viaSummary = readEvents(log, { types: ["FileParsed"], summaries: WANT }).map((e) => e.data);
      expect(viaSummary).toEqual([
        { path: "a.ts", hash: "h-a.ts", symbolCount: 2, chunks: 2, hasErrors: false },
        { path: "b.ts", hash: "h-b.ts", symbolCount: 4, chunks: 2, hasErrors: true },
      ]);
      // A field no stored summary has is extracted from the payload.
      expect(readEvents(log, { types: ["FileParsed"], summaries: { FileParsed: { lines: "$.lineCount" } } }).map((e) => e.data)).toEqual([
        { lines: 3 },
        { lines: 3 },
      ]);
    } finally {
      closeEventLog(log);
    }
  });

  /** A log as a user_version 2 build left it, still open for the test to adjust. */
  const writeV2 = (rows: Parameters<typeof writeOld>[1]): Database.Database => {
    const old = new Database(t.path);
    old.exec(V2_SCHEMA);
    writeOld(old, rows);
    old.pragma("user_version = 2");
    return old;
  };
  const changedA = ["file:a.ts", 1, "FileChanged", { path: "a.ts", contentHash: "h1", size: 1, mtime: 1, language: "typescript" }] as const;
  const ALL_COLUMNS = "SELECT position, event_id, stream, version, type, schema, data, meta, recorded_at FROM events ORDER BY position";

  it("numbers the streams of a log written before they were: same rows and positions, versions continue, no position reused", () => {
    const old = writeV2([
      [...changedA],
      ["rule:r1", 1, "RuleStored", { id: "r1", content: "c", scope: "*", relatedTo: [] }],
      ["file:a.ts", 2, "FileParsed", parsed("a.ts", 2)],
      ["file:b.ts", 1, "FileDeleted", { path: "b.ts" }],
      ["file:b.ts", 2, "FileDeleted", { path: "b.ts" }],
    ]);
    // AUTOINCREMENT's high-water mark sits above the last row (a row was removed, as compaction may).
    old.exec("DELETE FROM events WHERE position = 5");
    const before = old.prepare(ALL_COLUMNS).all();
    old.close();

    const log = t.open();
    try {
      expect(sqliteLog(log).db.pragma("user_version", { simple: true })).toBe(3);
      expect(sqliteLog(log).db.prepare(ALL_COLUMNS).all()).toEqual(before);
      expect(sqliteLog(log).db.prepare("SELECT name FROM streams ORDER BY id").pluck().all()).toEqual(["file:a.ts", "rule:r1", "file:b.ts"]);
      expect(readStream(log, "file:a.ts").map((e) => e.version)).toEqual([1, 2]);
      expect(streamVersion(log, "file:b.ts")).toBe(1);
      expect([...readKnownFiles(log).values()].map((f) => [f.path, f.version, f.state])).toEqual([
        ["a.ts", 2, "changed"],
        ["b.ts", 1, "deleted"],
      ]);
      const r = appendToStreams(log, [
        { stream: "file:a.ts", expectedVersion: 2, events: [{ type: "FileDeleted", data: { path: "a.ts" }, meta }] },
        { stream: "file:c.ts", expectedVersion: "no_stream", events: [{ type: "FileDeleted", data: { path: "c.ts" }, meta }] },
      ]);
      expect(r).toMatchObject({ versions: [3, 1], lastPosition: 7 });
      expect(appendToStreams(log, [{ stream: "file:a.ts", expectedVersion: 2, events: [{ type: "FileDeleted", data: { path: "a.ts" }, meta }] }])).toMatchObject({
        _tag: "VersionConflict",
      });
    } finally {
      closeEventLog(log);
    }
  });

  it("a read-only open of a log written before streams were numbered reads streams by name", () => {
    writeV2([[...changedA], ["file:a.ts", 2, "FileParsed", parsed("a.ts", 2)]]).close();
    const log = openEventLog(t.path, { readonly: true });
    try {
      expect(readStream(log, "file:a.ts").map((e) => e.type)).toEqual(["FileChanged", "FileParsed"]);
      expect(streamVersion(log, "file:a.ts")).toBe(2);
      expect([...readKnownFiles(log).values()].map((f) => [f.path, f.version, f.contentHash])).toEqual([["a.ts", 2, "h1"]]);
    } finally {
      closeEventLog(log);
    }
    // The file is as it was: no writer has opened it.
    const check = new Database(t.path, { readonly: true });
    expect(check.pragma("user_version", { simple: true })).toBe(2);
    check.close();
  });

  it("a read-only open of an unmigrated log reads summaries from the payloads", () => {
    const old = new Database(t.path);
    old.exec(OLD_SCHEMA);
    writeOld(old, [["file:a.ts", 1, "FileParsed", parsed("a.ts", 1)]]);
    old.close();
    const log = openEventLog(t.path, { readonly: true });
    try {
      expect(sqliteLog(log).hasSummaries).toBe(false);
      expect(readEvents(log, { summaries: WANT }).map((e) => e.data)).toEqual([
        { path: "a.ts", hash: "h-a.ts", symbolCount: 1, chunks: 2, hasErrors: false },
      ]);
    } finally {
      closeEventLog(log);
    }
  });
});

describe("fast payload decoding", () => {
  const event = (type: string, data: unknown) => ({
    position: 1,
    eventId: "e",
    stream: "s",
    version: 1,
    type,
    schema: 1,
    data,
    meta,
    recordedAt: "2026-01-01T00:00:00.000Z",
  });

  it("gives what the schema gives: declared keys only, and the schema's error for a bad payload", () => {
    const ok = decodeEvent(event("FileChanged", { path: "a", contentHash: "h", size: 1, mtime: 2, language: null, extra: true }));
    expect(Either.getOrThrow(ok).data).toEqual({ path: "a", contentHash: "h", size: 1, mtime: 2, language: null });
    const bad = decodeEvent(event("FileChanged", { path: "a", contentHash: "h", size: "1", mtime: 2, language: null }));
    expect(Either.isLeft(bad) && bad.left.message).toMatch(/size/);
    expect(Either.isLeft(validatePayload("DecisionSuperseded", { id: "d", supersededBy: 3, reason: "r" }))).toBe(true);
    expect(Either.isRight(validatePayload("FileDeleted", { path: "a" }))).toBe(true);
    expect(Either.isLeft(validatePayload("FileDeleted", null))).toBe(true);
  });

  it("keeps meta lazy but readable after decoding", () => {
    const decoded = Either.getOrThrow(decodeEvent(event("FileDeleted", { path: "a" })));
    expect(decoded.meta).toEqual(meta);
    expect({ ...decoded }.meta).toEqual(meta);
  });
});
