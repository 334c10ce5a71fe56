import { describe, expect, it } from "vitest";
import {
  appendToStreams,
  headPosition,
  readEventRows,
  readEvents,
  readStream,
  tailEvents,
  VersionConflict,
  type LogHandle,
  type NewEvent,
} from "../../src/events/index.js";
import { eachTestWithTempLog } from "./support.js";
import { sqliteLog } from "../../src/events/sqlite/sqliteLog.js";

const meta = { source: "test" as const, actor: "t" };
const changed = (path: string, eventId?: string): NewEvent => ({
  ...(eventId ? { eventId } : {}),
  type: "FileChanged",
  data: { path, contentHash: `h-${path}`, size: 1, mtime: 1, language: null },
  meta,
});

describe("SQLite event log", () => {
  let log: LogHandle;
  eachTestWithTempLog((l) => (log = l));

  it("runs in WAL mode with a busy timeout", () => {
    expect(sqliteLog(log).db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqliteLog(log).db.pragma("busy_timeout", { simple: true })).toBeGreaterThan(0);
    expect(sqliteLog(log).db.pragma("journal_size_limit", { simple: true })).toBeGreaterThan(0);
  });

  it("appends with versions per stream and positions across streams; reads them back", () => {
    expect(appendToStreams(log, [{ stream: "file:a", expectedVersion: "no_stream", events: [changed("a"), changed("a")] }])).toMatchObject({
      versions: [2],
      appended: 2,
      lastPosition: 2,
    });
    appendToStreams(log, [{ stream: "file:b", expectedVersion: 0, events: [changed("b")] }]);
    appendToStreams(log, [{ stream: "file:a", expectedVersion: 2, events: [changed("a")] }]);
    expect(readEvents(log).map((e) => [e.position, e.stream, e.version])).toEqual([
      [1, "file:a", 1],
      [2, "file:a", 2],
      [3, "file:b", 1],
      [4, "file:a", 3],
    ]);
    expect(readStream(log, "file:a").map((e) => e.position)).toEqual([1, 2, 4]);
    expect(readStream(log, "file:a", 3).map((e) => e.position)).toEqual([4]);
    const [first] = readEvents(log, { limit: 1 });
    expect(first).toMatchObject({ type: "FileChanged", schema: 1, data: { path: "a" }, meta });
    expect(first!.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("reads from a position in batches, and newest first with a limit", () => {
    for (let i = 0; i < 25; i++) appendToStreams(log, [{ stream: `file:${i % 4}`, expectedVersion: "any", events: [changed(String(i))] }]);
    const seen: number[] = [];
    for (let after = 0; ; ) {
      const batch = readEvents(log, { after, limit: 10 });
      if (batch.length === 0) break;
      seen.push(...batch.map((e) => e.position));
      after = batch[batch.length - 1]!.position;
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(readEvents(log, { descending: true, limit: 3 }).map((e) => e.position)).toEqual([25, 24, 23]);
  });

  it("filters by type (in position order, one or several types), stream prefix and source", () => {
    appendToStreams(log, [
      { stream: "file:src/a.ts", expectedVersion: "any", events: [changed("src/a.ts")] },
      { stream: "rule:rule-1", expectedVersion: "any", events: [{ type: "RuleStored", data: { id: "rule-1", content: "c", scope: "*", relatedTo: [] }, meta: { source: "cli" } }] },
      { stream: "file:lib/b.ts", expectedVersion: "any", events: [{ type: "FileDeleted", data: { path: "lib/b.ts" }, meta }] },
      { stream: "file:src/c.ts", expectedVersion: "any", events: [changed("src/c.ts")] },
    ]);
    expect(readEvents(log, { types: ["FileChanged"] }).map((e) => e.position)).toEqual([1, 4]);
    expect(readEvents(log, { types: ["FileDeleted", "FileChanged"], after: 1 }).map((e) => e.position)).toEqual([3, 4]);
    expect(readEvents(log, { streamPrefix: "file:src/" }).map((e) => e.position)).toEqual([1, 4]);
    expect(readEvents(log, { source: "cli" }).map((e) => e.type)).toEqual(["RuleStored"]);
  });

  it("reads only the requested fields of summarised types", () => {
    appendToStreams(log, [
      { stream: "file:a", expectedVersion: "any", events: [changed("a"), { type: "FileDeleted", data: { path: "a" }, meta }] },
    ]);
    const [a, b] = readEvents(log, { summaries: { FileChanged: { path: "$.path", n: "length:$.nothing", hash: "$.contentHash" } } });
    expect(a!.data).toEqual({ path: "a", n: null, hash: "h-a" });
    expect(b!.data).toEqual({ path: "a" });
    expect(() => readEvents(log, { summaries: { FileChanged: { x: "$.a') --" } } })).toThrow(/not a simple JSON path/);
  });

  it("leaves out the top-level fields `omit` names for a type, and only for that type", () => {
    appendToStreams(log, [
      { stream: "file:a", expectedVersion: "any", events: [changed("a"), { type: "FileDeleted", data: { path: "a" }, meta }] },
    ]);
    const whole = readEvents(log).map((e) => e.data as Record<string, unknown>);
    const [a, b] = readEvents(log, { omit: { FileChanged: ["contentHash", "size"] } });
    const { contentHash: _h, size: _s, ...rest } = whole[0]!;
    expect(a!.data).toEqual(rest);
    expect(b!.data).toEqual(whole[1]);
    // Combined with a summary of another type, and through the raw-row reader.
    const [c, d] = readEvents(log, { omit: { FileChanged: ["contentHash"] }, summaries: { FileDeleted: { p: "$.path" } } });
    expect(c!.data).not.toHaveProperty("contentHash");
    expect(d!.data).toEqual({ p: "a" });
    expect(() => readEvents(log, { omit: { FileChanged: ["a') --"] } })).toThrow(/not a top-level field name/);
  });

  it("a deferred type's payload is fetched when read, as the batch would have read it, and not kept by its event", () => {
    appendToStreams(log, [
      { stream: "file:a", expectedVersion: "any", events: [changed("a"), { type: "FileDeleted", data: { path: "a" }, meta }, changed("b")] },
    ]);
    const whole = readEvents(log).map((e) => e.data as Record<string, unknown>);
    const rows = readEventRows(log, { deferred: ["FileChanged"] }).rows;
    expect(rows.map((r) => r[6] === null)).toEqual([true, false, true]);
    const events = readEvents(log, { deferred: ["FileChanged"], omit: { FileChanged: ["size"] } });
    const { size: _s, ...rest } = whole[2]!;
    expect(events[2]!.data).toEqual(rest);
    // Its reader keeps what it needs of it: a batch held to the end of a long apply keeps none.
    expect(events[2]!.data).not.toBe(events[2]!.data);
    expect(events[2]!.data).toEqual(events[2]!.data);
    expect(events[0]!.data).not.toHaveProperty("size");
    expect(events[1]!.data).toEqual(whole[1]);
    expect(() => readEvents(log, { deferred: ["FileChanged"], summaries: { FileChanged: { p: "$.path" } } })).toThrow(/both summarised and deferred/);
  });

  it("a wrong expected version is a typed VersionConflict and writes nothing", () => {
    appendToStreams(log, [{ stream: "file:a", expectedVersion: "no_stream", events: [changed("a")] }]);
    const stale = appendToStreams(log, [{ stream: "file:a", expectedVersion: 0, events: [changed("a")] }]);
    expect(stale).toBeInstanceOf(VersionConflict);
    expect(stale).toMatchObject({ _tag: "VersionConflict", stream: "file:a", expected: 0, actual: 1 });
    expect(appendToStreams(log, [{ stream: "file:a", expectedVersion: "no_stream", events: [changed("a")] }])).toBeInstanceOf(VersionConflict);
    expect(headPosition(log)).toBe(1);
  });

  it("a conflict on one stream of a multi-stream append writes none of them", () => {
    appendToStreams(log, [{ stream: "file:a", expectedVersion: "any", events: [changed("a")] }]);
    const r = appendToStreams(log, [
      { stream: "file:b", expectedVersion: "no_stream", events: [changed("b")] },
      { stream: "file:a", expectedVersion: 5, events: [changed("a")] },
    ]);
    expect(r).toBeInstanceOf(VersionConflict);
    expect(readEvents(log).map((e) => e.stream)).toEqual(["file:a"]);
  });

  it("the same idempotency key appended twice is stored once, even with a now-stale expected version", () => {
    const first = appendToStreams(log, [{ stream: "file:a", expectedVersion: "no_stream", events: [changed("a", "key-1")] }]);
    const retry = appendToStreams(log, [{ stream: "file:a", expectedVersion: "no_stream", events: [changed("a", "key-1")] }]);
    expect(retry).toMatchObject({ appended: 0, duplicates: 1, lastPosition: (first as { lastPosition: number }).lastPosition });
    const twiceInOne = appendToStreams(log, [{ stream: "file:b", expectedVersion: "any", events: [changed("b", "key-2"), changed("b", "key-2")] }]);
    expect(twiceInOne).toMatchObject({ appended: 1, duplicates: 1, versions: [1] });
    expect(readEvents(log).map((e) => e.eventId)).toEqual(["key-1", "key-2"]);
  });

  it("tail delivers every batch appended after the starting position, then stops when asked", async () => {
    appendToStreams(log, [{ stream: "file:a", expectedVersion: "any", events: [changed("old")] }]);
    const got: number[] = [];
    const stop = tailEvents(log, { after: 1, intervalMs: 5 }, (batch) => {
      got.push(...batch.map((e) => e.position));
    });
    appendToStreams(log, [{ stream: "file:a", expectedVersion: "any", events: [changed("1"), changed("2")] }]);
    await expect.poll(() => got, { timeout: 2_000 }).toEqual([2, 3]);
    stop();
    appendToStreams(log, [{ stream: "file:a", expectedVersion: "any", events: [changed("3")] }]);
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual([2, 3]);
  });
});
