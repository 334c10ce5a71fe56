import { describe, expect, it } from "vitest";
import { type AppendResult, appendToStreams, closeEventLog, type LogHandle, type NewEvent, openEventLog, readEvents, readStream, type StreamAppend, VersionConflict } from "../../src/events/index.js";
import { eachTestWithTempLog, insertRawEvent } from "./support.js";
import { sqliteLog } from "../../src/events/sqlite/sqliteLog.js";

const meta = { source: "test" as const };
const changed = (path: string, eventId?: string): NewEvent => ({
  ...(eventId ? { eventId } : {}),
  type: "FileChanged",
  data: { path, contentHash: `h-${path}`, size: 1, mtime: 1, language: null },
  meta,
});
const parsed = (path: string, symbols: number): NewEvent => ({
  type: "FileParsed",
  data: { path, contentHash: `h-${path}`, language: "typescript", parserVersion: "p1", hasErrors: false, symbols: Array.from({ length: symbols }, () => ({})), chunks: [] },
  meta,
});
/** Seven more streams beside `first`: enough streams in one call for the cached versions to be used. */
const withOthers = (first: StreamAppend, ...more: StreamAppend[]): StreamAppend[] => [
  first,
  ...more,
  ...Array.from({ length: 7 }, (_, i): StreamAppend => ({ stream: `file:other-${i}`, expectedVersion: "any", events: [changed(`other-${i}`)] })),
];
const ok = (r: AppendResult | VersionConflict): AppendResult => {
  if (r instanceof VersionConflict) throw new Error(r.message);
  return r;
};

describe("batched appends", () => {
  let log: LogHandle;
  let path: string;
  eachTestWithTempLog((l, p) => {
    log = l;
    path = p;
  });

  it("an append larger than one INSERT keeps positions, versions and each FileParsed's summary in step", () => {
    const events = Array.from({ length: 301 }, (_, i) => (i % 3 === 2 ? parsed(`f${i}`, i) : changed(`f${i}`)));
    const r = ok(appendToStreams(log, [{ stream: "file:bulk", expectedVersion: "no_stream", events }]));
    expect(r).toMatchObject({ appended: 301, versions: [301], lastPosition: 301 });
    const read = readEvents(log, { summaries: { FileParsed: { path: "$.path", symbolCount: "length:$.symbols" } } });
    expect(read.map((e) => [e.position, e.version])).toEqual(events.map((_, i) => [i + 1, i + 1]));
    for (const e of read.filter((e) => e.type === "FileParsed")) {
      const i = e.position - 1;
      expect(e.data).toEqual({ path: `f${i}`, symbolCount: i });
    }
  });

  it("each row keeps its own meta and every row the append's time, whether a statement's rows share a meta or not", () => {
    const sources = ["cli", "hook", "watcher"] as const;
    // 64 rows with one meta (bound once), then a statement mixing three, then one source again.
    const metaOf = (i: number) => ({ source: sources[i % 3]!, ...(i % 5 === 0 ? { actor: `a${i}` } : {}) });
    const events = Array.from({ length: 150 }, (_, i): NewEvent => ({ ...changed(`m${i}`), meta: i >= 128 || i < 64 ? { source: "watcher" } : metaOf(i) }));
    ok(appendToStreams(log, [{ stream: "file:metas", expectedVersion: "no_stream", events }]));
    const read = readEvents(log);
    expect(read.map((e) => e.meta)).toEqual(events.map((e) => e.meta));
    expect(new Set(read.map((e) => e.recordedAt)).size).toBe(1);
    expect(read.map((e) => (e.data as { path: string }).path)).toEqual(events.map((_, i) => `m${i}`));
  });

  it("summaries come from the stored ones in either order, and from the payload where none was stored", () => {
    ok(appendToStreams(log, [{ stream: "file:a", expectedVersion: "any", events: [parsed("a", 2), changed("b")] }]));
    // Written as an older build would have, without a summary beside it.
    insertRawEvent(log, { eventId: "old", stream: "file:d", type: "FileParsed", data: { path: "d", symbols: [1, 2, 3] }, meta: "{}", recordedAt: "2026-01-01" });
    ok(appendToStreams(log, [{ stream: "file:c", expectedVersion: "any", events: [parsed("c", 5)] }]));
    const summaries = { FileParsed: { path: "$.path", symbolCount: "length:$.symbols" } };
    const up = readEvents(log, { summaries }).map((e) => e.data);
    expect(up).toEqual([{ path: "a", symbolCount: 2 }, expect.objectContaining({ path: "b" }), { path: "d", symbolCount: 3 }, { path: "c", symbolCount: 5 }]);
    expect(readEvents(log, { summaries, descending: true, limit: 3 }).map((e) => e.data)).toEqual([up[3], up[2], up[1]]);
    expect(readEvents(log, { summaries, after: 3 }).map((e) => e.data)).toEqual([up[3]]);
  });

  it("keys repeated across the streams of one call, or stored by an earlier call, are written once", () => {
    ok(appendToStreams(log, [{ stream: "file:a", expectedVersion: "any", events: [changed("a", "k1")] }]));
    const r = ok(
      appendToStreams(log, [
        { stream: "file:b", expectedVersion: "any", events: [changed("b", "k2"), changed("b", "k1"), changed("b", "k3")] },
        { stream: "file:c", expectedVersion: "any", events: [changed("c", "k3"), changed("c")] },
        // Every key already seen: a retry, whatever its expected version says.
        { stream: "file:a", expectedVersion: 7, events: [changed("a", "k2")] },
      ]),
    );
    expect(r).toMatchObject({ appended: 3, duplicates: 3, versions: [2, 1, 1] });
    expect(readEvents(log).map((e) => [e.eventId.startsWith("k") ? e.eventId : "fresh", e.stream, e.version])).toEqual([
      ["k1", "file:a", 1],
      ["k2", "file:b", 1],
      ["k3", "file:b", 2],
      ["fresh", "file:c", 1],
    ]);
    expect(r.lastPosition).toBe(4);
  });

  it("sees another connection's appends: expected versions and new versions follow the log, not what this connection last wrote", () => {
    const other = openEventLog(path);
    const a = (expectedVersion: StreamAppend["expectedVersion"], n = 1): StreamAppend => ({ stream: "file:a", expectedVersion, events: Array.from({ length: n }, () => changed("a")) });
    try {
      ok(appendToStreams(log, withOthers(a("no_stream"))));
      ok(appendToStreams(other, withOthers(a(1, 2))));
      expect(appendToStreams(log, withOthers(a(1)))).toMatchObject({ expected: 1, actual: 3 });
      ok(appendToStreams(log, withOthers(a(3))));
      ok(appendToStreams(other, [a(4)]));
      ok(appendToStreams(log, withOthers(a("any"))));
      expect(readStream(log, "file:a").map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(readStream(log, "file:other-0").map((e) => e.version)).toEqual([1, 2, 3, 4]);
    } finally {
      closeEventLog(other);
    }
  });

  it("an append rolled back by the caller's own transaction leaves no trace in the versions that follow", () => {
    const a = (expectedVersion: StreamAppend["expectedVersion"], n = 1): StreamAppend => ({ stream: "file:a", expectedVersion, events: Array.from({ length: n }, () => changed("a")) });
    ok(appendToStreams(log, withOthers(a("no_stream"))));
    expect(() =>
      sqliteLog(log).db.transaction(() => {
        ok(appendToStreams(log, withOthers(a(1, 2))));
        throw new Error("the caller gives up");
      })(),
    ).toThrow(/gives up/);
    expect(ok(appendToStreams(log, withOthers(a(1))))).toMatchObject({ versions: [2, 2, 2, 2, 2, 2, 2, 2] });
    // A conflict rolls back the whole call, streams written before it included.
    expect(appendToStreams(log, withOthers({ stream: "file:b", expectedVersion: "any", events: [changed("b")] }, a(0)))).toBeInstanceOf(VersionConflict);
    expect(ok(appendToStreams(log, withOthers({ stream: "file:b", expectedVersion: "no_stream", events: [changed("b")] }, a(2))))).toMatchObject({
      versions: [1, 3, 3, 3, 3, 3, 3, 3, 3],
    });
    // One-stream appends (no cache) between batched ones.
    ok(appendToStreams(log, [a(3)]));
    ok(appendToStreams(log, withOthers(a(4))));
    expect(readStream(log, "file:a").map((e) => e.version)).toEqual([1, 2, 3, 4, 5]);
    expect(readStream(log, "file:b").map((e) => e.version)).toEqual([1]);
    expect(readStream(log, "file:other-6").map((e) => e.version)).toEqual([1, 2, 3, 4]);
  });
});
