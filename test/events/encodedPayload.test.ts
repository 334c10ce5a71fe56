import { describe, expect, it } from "vitest";
import { appendToStreams, encodePayload, isEncodedPayload, readStream, type LogHandle, type NewEvent } from "../../src/events/index.js";
import { summarize } from "../../src/events/summaries.js";
import { eachTestWithTempLog } from "./support.js";
import { sqliteLog } from "../../src/events/sqlite/sqliteLog.js";

const data = {
  path: "src/a.ts",
  contentHash: "h1",
  language: "typescript",
  parserVersion: "t",
  packageName: null,
  lineCount: 3,
  hasErrors: false,
  symbols: [],
  references: [],
  imports: [],
  chunks: [{ symbol: null, kind: "Module", startLine: 1, endLine: 3, text: 'say("é \\" ok")', tokens: 5 }],
  manifest: null,
};
const meta = { source: "engine" } as const;

describe("payloads serialised before the append", () => {
  let log: LogHandle;
  eachTestWithTempLog((l) => (log = l));

  it("are stored byte for byte as the object would be, summary included", () => {
    const asObject: NewEvent = { type: "FileParsed", data, meta };
    const asEncoded: NewEvent = { type: "FileParsed", data: encodePayload("FileParsed", data), meta };
    appendToStreams(log, [{ stream: "file:src/a.ts", expectedVersion: "any", events: [asObject, asEncoded] }]);
    const rows = sqliteLog(log).db.prepare("SELECT e.data, s.summary FROM events e LEFT JOIN event_summaries s USING (position) ORDER BY position").all() as {
      data: string | Buffer;
      summary: string | null;
    }[];
    expect(rows).toHaveLength(2);
    expect(String(rows[1]!.data)).toBe(String(rows[0]!.data));
    expect(rows[1]!.summary).toBe(rows[0]!.summary);
    expect(rows[0]!.summary).toBe(summarize("FileParsed", data));
    expect(readStream(log, "file:src/a.ts").map((e) => e.data)).toEqual([data, data]);
  });

  it("are recognised across copies of the module (a bundle may hold its own)", () => {
    const foreign = { [Symbol.for("nemesis.EncodedPayload")]: true, json: "{}", summary: undefined };
    expect(isEncodedPayload(foreign)).toBe(true);
    expect(isEncodedPayload({ json: "{}", summary: undefined })).toBe(false);
    expect(isEncodedPayload(null)).toBe(false);
  });
});
