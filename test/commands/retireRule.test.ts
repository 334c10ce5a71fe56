import * as Either from "effect/Either";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { retireRule } from "../../src/commands/index.js";
import { appendToStreams, closeEventLog, type EventStore, openEventLog } from "../../src/events/index.js";
import { expectLeft, expectRight, meta, scenario } from "./harness.js";

const stored = { stream: "rule:rule-0000000a", type: "RuleStored", data: { id: "rule-0000000a", content: "No default exports", scope: "*", relatedTo: [] } };

describe("retireRule", () => {
  let s: ReturnType<typeof scenario>;
  beforeEach(() => (s = scenario()));
  afterEach(() => s.close());

  it("given a stored rule, appends RuleRetired at the next version of its stream", () => {
    s.given([stored]);
    const r = expectRight(s.when(retireRule({ id: "rule-0000000a", reason: "we use named exports now", meta })));
    expect(r.id).toBe("rule-0000000a");
    expect(s.newEvents()).toMatchObject([
      { stream: "rule:rule-0000000a", version: 2, type: "RuleRetired", data: { id: "rule-0000000a", reason: "we use named exports now" } },
    ]);
  });

  it("given a retired rule, fails with AlreadyRetired and appends nothing", () => {
    s.given([stored, { stream: "rule:rule-0000000a", type: "RuleRetired", data: { id: "rule-0000000a", reason: "" } }]);
    const err = expectLeft(s.when(retireRule({ id: "rule-0000000a", meta })));
    expect(err._tag).toBe("AlreadyRetired");
    expect(err.message).toContain("already retired");
    expect(s.newEvents()).toHaveLength(0);
  });

  it("an unknown id fails with NotFound; a decision id gets a hint", () => {
    s.given([stored]);
    const err = expectLeft(s.when(retireRule({ id: "rule-ffffffff", meta })));
    expect(err._tag).toBe("NotFound");
    expect(err.message).toContain("no rule with id rule-ffffffff");
    expect(expectLeft(s.when(retireRule({ id: "dec-12345678", meta }))).message).toContain("is a decision id");
    expect(s.newEvents()).toHaveLength(0);
  });

  it("a malformed id is InvalidInput", () => {
    expect(expectLeft(s.when(retireRule({ id: "rule 1; drop", meta })))._tag).toBe("InvalidInput");
    expect(expectLeft(s.when(retireRule({ id: "", meta })))._tag).toBe("InvalidInput");
  });
});

describe("retireRule against a concurrent writer", () => {
  it("when another writer retires the rule between our read and our append, we get AlreadyRetired, not a second RuleRetired", () => {
    const s = scenario();
    try {
      s.given([stored]);
      const rival = openEventLog(s.handle.path);
      let raced = false;
      // The real log, with a rival process's append slipped in just before our first append.
      const racing: EventStore = {
        ...s.store,
        appendOrRedecide: (appends, redecide, alsoInTransaction) => {
          if (!raced) {
            raced = true;
            appendToStreams(rival, [{ stream: "rule:rule-0000000a", expectedVersion: 1, events: [{ type: "RuleRetired", data: { id: "rule-0000000a", reason: "rival" }, meta }] }]);
          }
          return s.store.appendOrRedecide(appends, redecide, alsoInTransaction);
        },
      };
      const r = s.when((store) => retireRule({ id: "rule-0000000a", meta })(store === s.store ? racing : store));
      expect(Either.isLeft(r) && r.left._tag).toBe("AlreadyRetired");
      expect(s.newEvents().map((e) => e.data)).toEqual([{ id: "rule-0000000a", reason: "rival" }]);
      closeEventLog(rival);
    } finally {
      s.close();
    }
  });
});
