import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordDecision } from "../../src/commands/index.js";
import { expectLeft, expectRight, meta, scenario } from "./harness.js";
import { insertRawEvent } from "../events/support.js";

describe("recordDecision", () => {
  let s: ReturnType<typeof scenario>;
  beforeEach(() => (s = scenario()));
  afterEach(() => s.close());

  it("records an accepted decision with its rejected alternatives", () => {
    const r = expectRight(
      s.when(
        recordDecision({
          title: "SQLite for the event log",
          reasoning: "One file, WAL, no server",
          alternatives: [{ title: "Postgres", reasonRejected: "needs a server" }],
          relatedTo: ["src/events"],
          meta,
        }),
      ),
    );
    expect(r.id).toMatch(/^dec-[0-9a-f]{8}$/);
    expect(s.newEvents()).toMatchObject([
      {
        stream: `decision:${r.id}`,
        version: 1,
        type: "DecisionRecorded",
        schema: 2,
        data: {
          id: r.id,
          title: "SQLite for the event log",
          reasoning: "One file, WAL, no server",
          alternatives: [{ title: "Postgres", reasonRejected: "needs a server" }],
          status: "accepted",
          relatedTo: ["src/events"],
        },
      },
    ]);
  });

  it("an alternative without a reason is rejected, naming the alternative", () => {
    const err = expectLeft(
      s.when(recordDecision({ title: "t", reasoning: "r", alternatives: [{ title: "Kafka", reasonRejected: " " }], meta })),
    );
    expect(err._tag).toBe("InvalidInput");
    expect(err.message).toContain('"Kafka" reason rejected');
    expect(s.all()).toHaveLength(0);
  });

  it.each([
    ["empty title", { title: "", reasoning: "r" }, "title"],
    ["empty reasoning", { title: "t", reasoning: "" }, "reasoning"],
    ["oversized reasoning", { title: "t", reasoning: "y".repeat(51) }, "over the limit"],
    ["oversized title", { title: "t".repeat(201), reasoning: "r" }, "title"],
  ])("%s is InvalidInput", (_n, input, text) => {
    const err = expectLeft(s.when(recordDecision({ ...input, meta, maxChars: 50 })));
    expect(err._tag).toBe("InvalidInput");
    expect(err.message).toContain(text);
    expect(s.all()).toHaveLength(0);
  });

  it("given a v1 decision (no relatedTo) with the same title and reasoning, reports the duplicate", () => {
    s.given([]);
    insertRawEvent(s.handle, {
      eventId: "old-1",
      stream: "decision:dec-00000001",
      type: "DecisionRecorded",
      data: { id: "dec-00000001", title: "Use Effect", reasoning: "Typed errors", alternatives: [], status: "accepted" },
      meta: JSON.stringify(meta),
      recordedAt: new Date().toISOString(),
    });
    const err = expectLeft(s.when(recordDecision({ title: "use effect", reasoning: "typed   errors.", meta })));
    expect(err._tag).toBe("DuplicateContent");
    // Decisions are superseded, never retired: the message names what exists.
    expect(err.message).toBe(
      "already recorded as dec-00000001; nothing stored (to replace it, record a decision with another title or reasoning and supersede dec-00000001 by it)",
    );
  });
});
