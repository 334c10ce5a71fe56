import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeEventLog, InMemoryEventStore, SqliteEventStore, VersionConflict, type EventMeta, type EventStore, type RecordedEvent } from "../../src/events/index.js";
import { tempLog } from "./support.js";

/** The contract of the EventStore port: every case runs against both drivers. */
const meta: EventMeta = { source: "test", actor: "tester" };
const cli: EventMeta = { source: "cli" };

const drivers: ReadonlyArray<readonly [string, () => { store: EventStore; close: () => void }]> = [
  [
    "SqliteEventStore",
    () => {
      const t = tempLog();
      const handle = t.open();
      return { store: SqliteEventStore.of(handle), close: () => (closeEventLog(handle), t.cleanup()) };
    },
  ],
  ["InMemoryEventStore", () => ({ store: new InMemoryEventStore(), close: () => {} })],
];

const event = (type: string, data: unknown, eventId?: string, m: EventMeta = meta) => ({ eventId, type, data, meta: m });
const brief = (events: ReadonlyArray<RecordedEvent>) => events.map((e) => [e.position, e.stream, e.version, e.type, e.data]);

describe.each(drivers)("EventStore contract: %s", (_name, open) => {
  let store: EventStore;
  let close: () => void;
  beforeEach(() => ({ store, close } = open()));
  afterEach(() => close());

  it("numbers positions from 1 across streams and versions within each stream", () => {
    const r = store.append([
      { stream: "rule:a", expectedVersion: "no_stream", events: [event("RuleStored", { id: "a" }), event("RuleRetired", { id: "a" })] },
      { stream: "rule:b", expectedVersion: "any", events: [event("RuleStored", { id: "b" })] },
    ]);
    expect(r).toEqual({ versions: [2, 1], lastPosition: 3, duplicates: 0, appended: 3 });
    expect(brief(store.read())).toEqual([
      [1, "rule:a", 1, "RuleStored", { id: "a" }],
      [2, "rule:a", 2, "RuleRetired", { id: "a" }],
      [3, "rule:b", 1, "RuleStored", { id: "b" }],
    ]);
    expect(store.head()).toBe(3);
    expect(store.streamVersion("rule:a")).toBe(2);
    expect(store.streamVersion("rule:none")).toBe(0);
    const [first] = store.read({ limit: 1 });
    expect(first).toMatchObject({ meta, schema: 1 });
    expect(first!.eventId).toMatch(/.+/);
    expect(Date.parse(first!.recordedAt)).not.toBeNaN();
  });

  it("returns a version conflict as a value and writes none of the append", () => {
    store.append([{ stream: "s", expectedVersion: "any", events: [event("A", 1)] }]);
    const conflict = store.append([
      { stream: "t", expectedVersion: "no_stream", events: [event("B", 2)] },
      { stream: "s", expectedVersion: 0, events: [event("C", 3)] },
    ]);
    expect(conflict).toBeInstanceOf(VersionConflict);
    expect(conflict).toMatchObject({ _tag: "VersionConflict", stream: "s", expected: 0, actual: 1 });
    expect(store.append([{ stream: "s", expectedVersion: "no_stream", events: [event("C", 3)] }])).toBeInstanceOf(VersionConflict);
    expect(store.head()).toBe(1);
    expect(store.streamVersion("t")).toBe(0);
    expect(store.append([{ stream: "s", expectedVersion: 1, events: [event("C", 3)] }])).toMatchObject({ versions: [2], appended: 1 });
  });

  it("stores an idempotency key once: a retry appends nothing and needs no version check", () => {
    const first = store.append([{ stream: "s", expectedVersion: "no_stream", events: [event("A", 1, "key-1")] }]);
    expect(first).toMatchObject({ appended: 1, lastPosition: 1 });
    store.append([{ stream: "s", expectedVersion: 1, events: [event("B", 2)] }]);
    const retry = store.append([{ stream: "s", expectedVersion: "no_stream", events: [event("A", 1, "key-1")] }]);
    expect(retry).toEqual({ versions: [2], lastPosition: 1, duplicates: 1, appended: 0 });
    // A key twice within one append: the later one is the duplicate.
    const twice = store.append([{ stream: "u", expectedVersion: "any", events: [event("A", 1, "key-2"), event("A", 1, "key-2")] }]);
    expect(twice).toMatchObject({ appended: 1, duplicates: 1, versions: [1] });
    expect(store.head()).toBe(3);
  });

  it("reads by position, type, stream prefix and source, either way round and limited", () => {
    store.append([
      { stream: "file:a.ts", expectedVersion: "any", events: [event("FileChanged", { path: "a.ts" })] },
      { stream: "rule:r", expectedVersion: "any", events: [event("RuleStored", { id: "r" }, undefined, cli)] },
      { stream: "file:b.ts", expectedVersion: "any", events: [event("FileChanged", { path: "b.ts" }), event("FileDeleted", { path: "b.ts" })] },
    ]);
    const positions = (events: ReadonlyArray<RecordedEvent>) => events.map((e) => e.position);
    expect(positions(store.read({ after: 1, before: 4 }))).toEqual([2, 3]);
    expect(positions(store.read({ types: ["FileChanged"] }))).toEqual([1, 3]);
    expect(positions(store.read({ types: ["FileChanged", "FileDeleted"], after: 1 }))).toEqual([3, 4]);
    expect(positions(store.read({ streamPrefix: "file:" }))).toEqual([1, 3, 4]);
    expect(positions(store.read({ source: "cli" }))).toEqual([2]);
    expect(positions(store.read({ descending: true, limit: 2 }))).toEqual([4, 3]);
    expect(positions(store.read({ since: "2000-01-01T00:00:00.000Z", until: "2999-01-01T00:00:00.000Z" }))).toEqual([1, 2, 3, 4]);
    expect(store.read({ until: "2000-01-01T00:00:00.000Z" })).toEqual([]);
    expect(brief(store.readStream("file:b.ts", 2))).toEqual([[4, "file:b.ts", 2, "FileDeleted", { path: "b.ts" }]]);
  });

  it("gives the same data through the read plans (summaries, omit) as the payload holds", () => {
    const parsed = { path: "a.ts", contentHash: "h", language: "typescript", parserVersion: "1", hasErrors: false, symbols: [1, 2, 3], chunks: [], big: "x" };
    store.append([{ stream: "file:a.ts", expectedVersion: "any", events: [event("FileParsed", parsed)] }]);
    const [summary] = store.read({ summaries: { FileParsed: { path: "$.path", symbols: "length:$.symbols", hash: "$.contentHash" } } });
    expect(summary!.data).toEqual({ path: "a.ts", symbols: 3, hash: "h" });
    const [trimmed] = store.read({ omit: { FileParsed: ["big", "symbols"] } });
    const { big: _big, symbols: _symbols, ...rest } = parsed;
    expect(trimmed!.data).toEqual(rest);
  });

  it("hands out payload texts by position, in order, null where there is none", async () => {
    store.append([{ stream: "s", expectedVersion: "any", events: [event("A", { a: 1, drop: true }), event("B", { b: 2 })] }]);
    const texts: Array<string | null> = [];
    for await (const text of store.payloads([2, 9, 1], { A: ["drop"] })) texts.push(text);
    expect(texts.map((t) => (t === null ? null : JSON.parse(t)))).toEqual([{ b: 2 }, null, { a: 1 }]);
  });

  it("re-decides an append whose stream moved, and commits the side write with it", () => {
    store.append([{ stream: "s", expectedVersion: "any", events: [event("A", 1)] }]);
    let redecided = 0;
    const result = store.appendOrRedecide(
      [{ stream: "s", expectedVersion: 0, events: [event("B", 2)] }],
      () => {
        redecided++;
        return [{ stream: "s", expectedVersion: store.streamVersion("s"), events: [event("B", 2)] }];
      },
      () => store.reactorCheckpoint.save("reactor", 7),
    );
    expect(redecided).toBe(1);
    expect(result).toMatchObject({ versions: [2], appended: 1, lastPosition: 2 });
    expect(store.reactorCheckpoint.read("reactor")).toBe(7);
    expect(store.appendOrRedecide([{ stream: "s", expectedVersion: 2, events: [event("C", 3)] }], () => [])).toMatchObject({ appended: 1 });
  });

  it("keeps reactor checkpoints that never move back, and projection hints until dropped", () => {
    expect(store.reactorCheckpoint.read("parse")).toBe(0);
    store.reactorCheckpoint.save("parse", 10);
    store.reactorCheckpoint.save("parse", 4);
    expect(store.reactorCheckpoint.read("parse")).toBe(10);
    expect(store.projectionHint.read("graph")).toBeNull();
    store.projectionHint.save("graph", { position: 5, version: 2, fingerprint: "f", detail: { nodes: 3 } });
    store.projectionHint.save("chunks", { position: 1, version: 1, fingerprint: "g", detail: null });
    expect(store.projectionHint.read("graph")).toEqual({ position: 5, version: 2, fingerprint: "f", detail: { nodes: 3 } });
    store.projectionHint.drop("graph");
    expect(store.projectionHint.read("graph")).toBeNull();
    expect(store.projectionHint.read("chunks")).toEqual({ position: 1, version: 1, fingerprint: "g", detail: null });
  });

  it("follows appends made after the tail started, filtered by type", async () => {
    store.append([{ stream: "s", expectedVersion: "any", events: [event("A", 0)] }]);
    const seen: number[] = [];
    const stop = store.tail({ after: store.head(), intervalMs: 5, types: ["B"] }, (events) => void seen.push(...events.map((e) => e.position)));
    store.append([{ stream: "s", expectedVersion: "any", events: [event("A", 1), event("B", 2)] }]);
    store.append([{ stream: "t", expectedVersion: "any", events: [event("B", 3)] }]);
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual([3, 4]);
    stop();
  });
});
