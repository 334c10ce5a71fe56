import { describe, expect, it } from "vitest";
import {
  appendOrRedecide,
  appendToStreams,
  closeEventLog,
  countEventsOfTypes,
  dropProjectionHint,
  ensureReactorCheckpoint,
  lastPositionInStream,
  measureFileChanges,
  openEventLog,
  positionOfEvent,
  readFileStream,
  readFileStreams,
  readProjectionHint,
  readReactorCheckpoint,
  saveProjectionHint,
  saveReactorCheckpoint,
  streamVersion,
  type LogHandle,
  type NewEvent,
} from "../../src/events/index.js";
import { eachTestWithTempLog, insertRawEvent, rawDatabase } from "./support.js";

const meta = { source: "test" as const };
const changed = (path: string, size: number, contentHash = `h-${path}`): NewEvent => ({
  type: "FileChanged",
  data: { path, contentHash, size, mtime: 1_000, language: "typescript" },
  meta,
});
const deleted = (path: string): NewEvent => ({ type: "FileDeleted", data: { path }, meta });
const parsed = (path: string, contentHash: string): NewEvent => ({
  type: "FileParsed",
  data: { path, contentHash, language: "typescript", parserVersion: "p-9", symbols: [], references: [], imports: [], chunks: [] },
  meta,
});
const rule = (id: string): NewEvent => ({ type: "RuleStored", data: { id, content: "c", scope: "*", relatedTo: [] }, meta });

describe("the log's side tables and small queries", () => {
  let log: LogHandle;
  let path: string;
  eachTestWithTempLog((l, p) => {
    log = l;
    path = p;
  });

  it("projection hints: saved, read back (detail as JSON), replaced, dropped; none on a log that never had one", () => {
    expect(readProjectionHint(log, "graph")).toBeNull();
    dropProjectionHint(log, "graph");
    saveProjectionHint(log, "graph", { position: 7, version: 3, fingerprint: "f1", detail: { nodes: 12 } });
    saveProjectionHint(log, "chunks", { position: 5, version: 1, fingerprint: "f2", detail: null });
    expect(readProjectionHint(log, "graph")).toEqual({ position: 7, version: 3, fingerprint: "f1", detail: { nodes: 12 } });
    saveProjectionHint(log, "graph", { position: 9, version: 3, fingerprint: "f1", detail: undefined });
    expect(readProjectionHint(log, "graph")).toEqual({ position: 9, version: 3, fingerprint: "f1", detail: null });
    dropProjectionHint(log, "graph");
    expect(readProjectionHint(log, "graph")).toBeNull();
    expect(readProjectionHint(log, "chunks")?.position).toBe(5);
  });

  it("projection hints: a read-only handle reads them, and a row that is not a hint fails to decode", () => {
    saveProjectionHint(log, "graph", { position: 2, version: 1, fingerprint: "f", detail: null });
    const reader = openEventLog(path, { readonly: true });
    try {
      expect(readProjectionHint(reader, "graph")?.position).toBe(2);
    } finally {
      closeEventLog(reader);
    }
    rawDatabase(log).prepare("UPDATE projection_hint SET position = 'x'").run();
    expect(() => readProjectionHint(log, "graph")).toThrow();
  });

  it("a reactor checkpoint moves only forward, and commits with the reactor's appends", () => {
    expect(readReactorCheckpoint(log, "parse")).toBe(0);
    ensureReactorCheckpoint(log);
    appendToStreams(log, [{ stream: "file:a.ts", expectedVersion: "any", events: [changed("a.ts", 10)] }]);
    const checkpoint = (position: number) => () => saveReactorCheckpoint(log, "parse", position);
    const never = () => expect.unreachable("nothing moved the stream");
    appendOrRedecide(log, [{ stream: "file:a.ts", expectedVersion: 1, events: [parsed("a.ts", "h-a.ts")] }], never, checkpoint(1));
    expect(readReactorCheckpoint(log, "parse")).toBe(1);
    appendOrRedecide(log, [], never, checkpoint(0));
    expect(readReactorCheckpoint(log, "parse")).toBe(1);
  });

  it("an append that meets another writer decides again under the write lock instead of failing", () => {
    appendToStreams(log, [{ stream: "file:a.ts", expectedVersion: "any", events: [changed("a.ts", 10)] }]);
    // Decided at version 1; another writer records a newer content first.
    const stale = [{ stream: "file:a.ts", expectedVersion: 1, events: [parsed("a.ts", "h-a.ts")] }];
    appendToStreams(log, [{ stream: "file:a.ts", expectedVersion: 1, events: [changed("a.ts", 11, "h-new")] }]);
    const seen: number[] = [];
    const result = appendOrRedecide(log, stale, () => {
      seen.push(lastPositionInStream(log, "file:a.ts", ["FileChanged"])!);
      return [{ stream: "file:a.ts", expectedVersion: 2, events: [parsed("a.ts", "h-new")] }];
    });
    expect(seen).toEqual([2]);
    expect(result.appended).toBe(1);
    expect(streamVersion(log, "file:a.ts")).toBe(3);
    // A redecision that finds the work covered appends nothing, and the transaction's other write still commits.
    ensureReactorCheckpoint(log);
    const covered = appendOrRedecide(log, stale, () => [], () => saveReactorCheckpoint(log, "parse", 3));
    expect(covered.appended).toBe(0);
    expect(readReactorCheckpoint(log, "parse")).toBe(3);
  });

  it("counts events of some types after a position, up to a limit when given", () => {
    appendToStreams(log, [
      { stream: "file:a.ts", expectedVersion: "any", events: [changed("a.ts", 1), deleted("a.ts")] },
      { stream: "rule:r", expectedVersion: "any", events: [rule("r")] },
      { stream: "file:b.ts", expectedVersion: "any", events: [changed("b.ts", 1)] },
    ]);
    expect(countEventsOfTypes(log, ["FileChanged"], 0)).toBe(2);
    expect(countEventsOfTypes(log, ["FileChanged", "RuleStored"], 1)).toBe(2);
    expect(countEventsOfTypes(log, ["FileChanged", "FileDeleted", "RuleStored"], 0, 2)).toBe(2);
    expect(countEventsOfTypes(log, [], 0)).toBe(0);
  });

  it("finds an event by id, a stream's newest event of some types, and sizes the first changes after a position", () => {
    appendToStreams(log, [
      { stream: "file:a.ts", expectedVersion: "any", events: [{ ...changed("a.ts", 100), eventId: "e-1" }, parsed("a.ts", "h-a.ts")] },
      { stream: "file:b.ts", expectedVersion: "any", events: [changed("b.ts", 30), deleted("b.ts")] },
      { stream: "file:c.ts", expectedVersion: "any", events: [changed("c.ts", 5)] },
    ]);
    expect(positionOfEvent(log, "e-1")).toBe(1);
    expect(positionOfEvent(log, "e-404")).toBeUndefined();
    expect(lastPositionInStream(log, "file:a.ts", ["FileChanged", "FileDeleted"])).toBe(1);
    expect(lastPositionInStream(log, "file:b.ts", ["FileChanged", "FileDeleted"])).toBe(4);
    expect(lastPositionInStream(log, "file:z.ts", ["FileChanged"])).toBeNull();
    expect(measureFileChanges(log, 0, 2)).toEqual({ files: 2, bytes: 130 });
    expect(measureFileChanges(log, 3, 10)).toEqual({ files: 1, bytes: 5 });
    expect(measureFileChanges(log, 5, 10)).toEqual({ files: 0, bytes: 0 });
  });

  it("reads every file stream's version, newest change record and newest parse, and one stream alone", () => {
    appendToStreams(log, [
      { stream: "file:a.ts", expectedVersion: "any", events: [changed("a.ts", 10, "h1"), parsed("a.ts", "h1"), changed("a.ts", 11, "h2")] },
      { stream: "file:b.ts", expectedVersion: "any", events: [changed("b.ts", 3), deleted("b.ts")] },
      { stream: "rule:r", expectedVersion: "any", events: [rule("r")] },
    ]);
    // A FileParsed stored without a summary (as before summaries existed) is read from its payload.
    insertRawEvent(log, { eventId: "raw", stream: "file:c.ts", type: "FileParsed", data: { path: "c.ts", contentHash: "hc", parserVersion: "p-1" } });
    const { versions, latest, parses } = readFileStreams(log);
    expect(Object.fromEntries(versions)).toEqual({ "file:a.ts": 3, "file:b.ts": 2, "file:c.ts": 1 });
    expect(latest.map((r) => [r.stream, r.type, r.hash, r.size]).sort()).toEqual([
      ["file:a.ts", "FileChanged", "h2", 11],
      ["file:b.ts", "FileDeleted", null, null],
    ]);
    expect(Object.fromEntries(parses)).toEqual({ "file:a.ts": { stream: "file:a.ts", parser: "p-9", hash: "h1" }, "file:c.ts": { stream: "file:c.ts", parser: "p-1", hash: "hc" } });
    const one = readFileStream(log, "file:a.ts");
    expect(one.version).toBe(3);
    expect(one.latest).toMatchObject({ type: "FileChanged", hash: "h2", size: 11, mtime: 1_000 });
    expect(readFileStream(log, "file:none.ts")).toEqual({ version: 0, latest: undefined });
  });
});
