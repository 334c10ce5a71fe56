import * as Either from "effect/Either";
import { describe, expect, it } from "vitest";
import { currentSchemaVersion, decodeEvent, EventCatalog, readEvents, type LogHandle } from "../../src/events/index.js";
import { eachTestWithTempLog, insertRawEvent } from "./support.js";
import { sqliteLog } from "../../src/events/sqlite/sqliteLog.js";

describe("upcasting", () => {
  let log: LogHandle;
  eachTestWithTempLog((l) => (log = l));

  const insertRaw = (schema: number, data: unknown) =>
    insertRawEvent(log, { eventId: `old-${schema}`, stream: `decision:dec-${schema}`, type: "DecisionRecorded", schema, data, recordedAt: "2025-01-01T00:00:00.000Z" });

  it("reads a stored v1 DecisionRecorded (no relatedTo) as v2, leaving the stored row as it was", () => {
    const v1 = { id: "dec-1", title: "Use SQLite", reasoning: "one file", alternatives: [{ title: "Postgres", reasonRejected: "server" }], status: "accepted" };
    insertRaw(1, v1);
    const [raw] = readEvents(log);
    expect(raw!.schema).toBe(1);
    const decoded = decodeEvent(raw!);
    expect(Either.isRight(decoded)).toBe(true);
    expect(Either.getOrThrow(decoded).data).toEqual({ ...v1, relatedTo: [] });
    expect(sqliteLog(log).db.prepare("SELECT schema, data FROM events").get()).toEqual({ schema: 1, data: JSON.stringify(v1) });
  });

  it("reads a v1 FileParsed without the type notations it wrote as text (its file is parsed again by the next scan)", () => {
    const symbol = { id: "f", kind: "Function", name: "f", qualifiedName: "f", parent: null, signature: "f()", doc: null, startLine: 1, startCol: 0, endLine: 1, endCol: 9, exported: false, visibility: null, async: false, params: [], returns: [], complexity: 1, members: [] };
    const reference = { kind: "call", name: "g", qualifier: null, from: "f", line: 1, col: 4 };
    const v1 = {
      path: "A.java", contentHash: "h", language: "java", parserVersion: "ts-extract-10", packageName: null, lineCount: 1, hasErrors: false,
      symbols: [{ ...symbol, typed: [{ name: "x", type: "make()" }], returnValue: "this" }],
      references: [{ ...reference, arity: 2, args: ["=this.x", "String"] }],
      imports: [], chunks: [], manifest: null,
    };
    insertRawEvent(log, { eventId: "parsed-1", stream: "file:A.java", type: "FileParsed", schema: 1, data: v1 });
    const decoded = decodeEvent(readEvents(log)[0]!);
    expect(Either.isRight(decoded)).toBe(true);
    expect(Either.getOrThrow(decoded).data).toEqual({ ...v1, symbols: [symbol], references: [{ ...reference, arity: 2 }] });
  });

  it("a payload no schema accepts, or from a newer schema, is a typed decode error naming the position", () => {
    insertRaw(1, { id: "dec-1" });
    insertRaw(9, { id: "dec-9" });
    const [bad, newer] = readEvents(log).map(decodeEvent);
    expect(Either.isLeft(bad!) && bad.left).toMatchObject({ _tag: "EventDecodeError", position: 1, schema: 1 });
    expect(Either.isLeft(newer!) && newer.left.message).toContain("newer than this build knows");
  });
});

describe("schema versions", () => {
  it("the version every append stamps is the one each catalog definition decodes", () => {
    for (const [type, definition] of Object.entries(EventCatalog)) {
      expect({ type, version: currentSchemaVersion(type) }).toEqual({ type, version: definition.version });
    }
  });
});
