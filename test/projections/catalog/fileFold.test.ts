import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendToStreams, closeEventLog, type EventMeta, type LogHandle, type NewEvent, openEventLog, readEvents } from "../../../src/events/index.js";
import { CatalogProjector, CatalogReader, catchUp, rebuild } from "../../../src/projections/index.js";

const meta: EventMeta = { source: "test" };

/**
 * The catalog folds file events in memory and writes each row once per batch. The reference
 * here is what it did before, one SQL statement per event: both must leave the same rows for
 * any sequence of file events, in any batching.
 */
const REFERENCE = `
CREATE TABLE files (
  path TEXT PRIMARY KEY, content_hash TEXT, language TEXT, size INTEGER, mtime REAL,
  status TEXT NOT NULL, reason TEXT, parser_version TEXT, symbols INTEGER NOT NULL DEFAULT 0,
  changed_position INTEGER, parsed_position INTEGER
) WITHOUT ROWID;`;

const referenceFiles = (log: LogHandle) => {
  const db = new Database(":memory:");
  db.exec(REFERENCE);
  const s = {
    changed: db.prepare(`INSERT INTO files (path, content_hash, language, size, mtime, status, changed_position) VALUES (?, ?, ?, ?, ?, 'changed', ?)
      ON CONFLICT (path) DO UPDATE SET content_hash = excluded.content_hash, language = excluded.language, size = excluded.size,
        mtime = excluded.mtime, status = 'changed', reason = NULL, changed_position = excluded.changed_position`),
    deleted: db.prepare("DELETE FROM files WHERE path = ?"),
    skipped: db.prepare(`INSERT INTO files (path, status, reason, changed_position) VALUES (?, 'skipped', ?, ?)
      ON CONFLICT (path) DO UPDATE SET status = 'skipped', reason = excluded.reason, content_hash = NULL, symbols = 0`),
    parsed: db.prepare(`UPDATE files SET status = 'parsed', reason = NULL, parser_version = ?, symbols = ?, parsed_position = ?, language = ?
      WHERE path = ? AND content_hash = ?`),
    failed: db.prepare(`UPDATE files SET status = 'failed', reason = ?, parser_version = NULL, symbols = 0, parsed_position = ? WHERE path = ? AND content_hash = ?`),
  };
  for (const e of readEvents(log)) {
    const d = e.data as Record<string, any>;
    if (e.type === "FileChanged") s.changed.run(d.path, d.contentHash, d.language, d.size, d.mtime, e.position);
    else if (e.type === "FileDeleted") s.deleted.run(d.path);
    else if (e.type === "FileSkipped") s.skipped.run(d.path, d.reason, e.position);
    else if (e.type === "FileParsed") s.parsed.run(d.parserVersion, d.symbols.length, e.position, d.language, d.path, d.contentHash);
    else if (e.type === "ParseFailed") s.failed.run(d.reason, e.position, d.path, d.contentHash);
  }
  const rows = db.prepare("SELECT * FROM files ORDER BY path").all();
  db.close();
  return rows;
};

/** A small deterministic generator: the same sequence on every run. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const randomFileEvent = (next: () => number): [string, NewEvent] => {
  const path = `src/f${Math.floor(next() * 4)}.ts`;
  const hash = `h${Math.floor(next() * 3)}`;
  const pick = next();
  const event: NewEvent =
    pick < 0.35
      ? { type: "FileChanged", data: { path, contentHash: hash, size: Math.floor(next() * 100), mtime: next() * 1e12, language: next() < 0.2 ? null : "typescript" }, meta }
      : pick < 0.65
        ? {
            type: "FileParsed",
            data: { path, contentHash: hash, language: "tsx", parserVersion: `p${Math.floor(next() * 2)}`, hasErrors: false, symbols: Array.from({ length: Math.floor(next() * 5) }, () => ({})), chunks: [] },
            meta,
          }
        : pick < 0.78
          ? { type: "ParseFailed", data: { path, contentHash: hash, reason: "timeout" }, meta }
          : pick < 0.9
            ? { type: "FileSkipped", data: { path, reason: next() < 0.5 ? "minified" : "too large" }, meta }
            : { type: "FileDeleted", data: { path }, meta };
  return [`file:${path}`, event];
};

describe("catalog file rows, folded per batch", () => {
  let dir: string;
  let log: LogHandle;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "nemesis-fold-"));
    log = openEventLog(join(dir, "events.db"));
  });
  afterEach(() => {
    closeEventLog(log);
    rmSync(dir, { recursive: true, force: true });
  });

  const files = (path: string) => {
    const reader = CatalogReader.open(path);
    try {
      return reader.dump().files as Array<Record<string, unknown>>;
    } finally {
      reader.close();
    }
  };

  it("any sequence of file events leaves the rows the per-event statements left, in one batch or many", async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = random(seed);
      for (let i = 0; i < 120; i++) {
        const [stream, event] = randomFileEvent(next);
        appendToStreams(log, [{ stream, expectedVersion: "any", events: [event] }]);
      }
      const expected = referenceFiles(log);
      const whole = new CatalogProjector(join(dir, `whole-${seed}.db`));
      await rebuild(log, whole);
      await whole.close();
      expect(files(join(dir, `whole-${seed}.db`))).toEqual(expected);

      const small = new CatalogProjector(join(dir, `small-${seed}.db`));
      await catchUp(log, small, { batchSize: 1 + seed * 3 });
      // The cache outlives batches: later batches over the same files still read what earlier ones wrote.
      await catchUp(log, small, { batchSize: 7 });
      await small.close();
      expect(files(join(dir, `small-${seed}.db`))).toEqual(expected);

      const events = new CatalogProjector(join(dir, `events-${seed}.db`));
      await events.apply(readEvents(log, { types: events.handles }), readEvents(log, { descending: true, limit: 1 })[0]!.position);
      await events.close();
      expect(files(join(dir, `events-${seed}.db`))).toEqual(expected);
    }
  });

  it("two projectors on one catalog.db (an engine, and a CLI command catching up beside it) leave the rows one would", async () => {
    const append = (event: NewEvent) => appendToStreams(log, [{ stream: "file:src/a.ts", expectedVersion: "any", events: [event] }]);
    const changed = (hash: string): NewEvent => ({ type: "FileChanged", data: { path: "src/a.ts", contentHash: hash, size: 1, mtime: 1, language: "typescript" }, meta });
    const path = join(dir, "catalog.db");
    const engine = new CatalogProjector(path);
    const cli = new CatalogProjector(path);
    append(changed("h1"));
    await catchUp(log, engine);
    append({ type: "FileParsed", data: { path: "src/a.ts", contentHash: "h1", language: "typescript", parserVersion: "p1", hasErrors: false, symbols: [{}, {}], chunks: [] }, meta });
    await catchUp(log, cli);
    append(changed("h2"));
    await catchUp(log, engine);
    await engine.close();
    await cli.close();
    expect(files(path)).toEqual(referenceFiles(log));
    expect(files(path)).toMatchObject([{ content_hash: "h2", status: "changed", parser_version: "p1", symbols: 2 }]);
  });

  it("a batch that fails writes nothing, and the rows it had folded are not trusted afterwards", async () => {
    appendToStreams(log, [
      { stream: "file:src/a.ts", expectedVersion: "any", events: [{ type: "FileChanged", data: { path: "src/a.ts", contentHash: "h1", size: 1, mtime: 1, language: "typescript" }, meta }] },
    ]);
    const path = join(dir, "catalog.db");
    const projector = new CatalogProjector(path);
    await catchUp(log, projector);
    const good = readEvents(log);
    const [bad] = readEvents(log).map((e) => ({ ...e, type: "FileChanged", schema: 99, data: {} }));
    const changedAgain = { ...good[0]!, position: 2, data: { path: "src/a.ts", contentHash: "h2", size: 2, mtime: 2, language: "typescript" } };
    await expect(projector.apply([changedAgain, bad!], 3)).rejects.toThrow(/newer than this build/);
    expect(files(path).map((f) => f.content_hash)).toEqual(["h1"]);
    await projector.apply([{ ...good[0]!, position: 4, type: "FileParsed", data: { path: "src/a.ts", contentHash: "h1", language: "typescript", parserVersion: "p1", symbolCount: 3 } }], 4);
    await projector.close();
    expect(files(path)).toMatchObject([{ content_hash: "h1", status: "parsed", symbols: 3, parsed_position: 4 }]);
  });
});
