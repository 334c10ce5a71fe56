import { describe, expect, it } from "vitest";
import { appendToStreams, countPendingEvents, type LogHandle, type NewEvent } from "../../src/events/index.js";
import { eachTestWithTempLog } from "./support.js";
import { sqliteLog } from "../../src/events/sqlite/sqliteLog.js";

const meta = { source: "test" as const };
const deleted = (path: string): NewEvent => ({ type: "FileDeleted", data: { path }, meta });
const rule = (id: string): NewEvent => ({ type: "RuleStored", data: { id, content: "c", scope: "*", relatedTo: [] }, meta });

describe("countPendingEvents", () => {
  let log: LogHandle;
  eachTestWithTempLog((l) => (log = l));

  it("splits the events after a checkpoint into those of the handled types and the others", () => {
    appendToStreams(log, [
      { stream: "file:a.ts", expectedVersion: "any", events: [deleted("a.ts")] },
      { stream: "rule:r1", expectedVersion: "any", events: [rule("r1")] },
      { stream: "file:b.ts", expectedVersion: "any", events: [deleted("b.ts")] },
      { stream: "rule:r2", expectedVersion: "any", events: [rule("r2")] },
    ]);
    expect(countPendingEvents(log, 0, ["FileDeleted", "FileParsed"])).toEqual({ pending: 2, notForIt: 2 });
    expect(countPendingEvents(log, 3, ["FileDeleted"])).toEqual({ pending: 0, notForIt: 1 });
    expect(countPendingEvents(log, 2, ["RuleStored"])).toEqual({ pending: 1, notForIt: 1 });
    expect(countPendingEvents(log, 0, [])).toEqual({ pending: 0, notForIt: 4 });
    expect(countPendingEvents(log, 4, ["FileDeleted"])).toEqual({ pending: 0, notForIt: 0 });
  });

  it("counts events, not positions, where compaction left holes", () => {
    appendToStreams(log, [{ stream: "file:a.ts", expectedVersion: "any", events: [deleted("a.ts"), deleted("a.ts"), deleted("a.ts")] }]);
    sqliteLog(log).db.prepare("DELETE FROM events WHERE position = 2").run();
    expect(countPendingEvents(log, 0, ["FileDeleted"])).toEqual({ pending: 2, notForIt: 0 });
  });
});
