import { describe, expect, it } from "vitest";
import { currentSchemaVersion, EventDecodeError, type RecordedEvent } from "../../../src/events/index.js";
import { decodeFileParsed } from "../../../src/projections/graph/index.js";

const payload = {
  path: "src/a.ts",
  contentHash: "h1",
  language: "typescript",
  lineCount: 3,
  parserVersion: "p1",
  hasErrors: false,
  symbols: [],
  references: [],
  imports: [],
};

/** A FileParsed as the log hands it over: `data` read lazily, here a getter that must not be read when a payload is given. */
const event = (schema: number, type = "FileParsed"): RecordedEvent => ({
  position: 7,
  eventId: "e7",
  stream: "file:src/a.ts",
  version: 1,
  type,
  schema,
  get data(): unknown {
    throw new Error("the payload was read from the event although it was given");
  },
  meta: { source: "engine" },
  recordedAt: "2026-11-24T00:00:00.000Z",
});

describe("decodeFileParsed", () => {
  it("decodes the payload it is given (read ahead), chunks left out", () => {
    const file = decodeFileParsed(event(currentSchemaVersion("FileParsed")), payload);
    expect(file.path).toBe("src/a.ts");
    expect(file.chunks).toEqual([]);
    expect(file.manifest).toBeNull();
  });

  it("sends another schema version through the catalog, with the given payload, and says what is wrong", () => {
    const newer = event(currentSchemaVersion("FileParsed") + 1);
    expect(() => decodeFileParsed(newer, payload)).toThrow(EventDecodeError);
    expect(() => decodeFileParsed(newer, payload)).toThrow(/newer than this build knows/);
  });

  it("refuses an event of another type instead of upcasting it as a FileParsed", () => {
    const other = event(currentSchemaVersion("FileParsed") + 1, "FileDeleted");
    expect(() => decodeFileParsed(other, { path: "src/a.ts" })).toThrow(/is not a FileParsed/);
  });
});
