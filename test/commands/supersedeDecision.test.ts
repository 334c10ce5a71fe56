import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { supersedeDecision } from "../../src/commands/index.js";
import { expectLeft, expectRight, meta, scenario } from "./harness.js";

const decision = (id: string, title: string) => ({
  stream: `decision:${id}`,
  type: "DecisionRecorded",
  data: { id, title, reasoning: "because", alternatives: [], status: "accepted", relatedTo: [] },
});
const A = decision("dec-0000000a", "REST");
const B = decision("dec-0000000b", "GraphQL");
const C = decision("dec-0000000c", "gRPC");

describe("supersedeDecision", () => {
  let s: ReturnType<typeof scenario>;
  beforeEach(() => (s = scenario()));
  afterEach(() => s.close());

  it("given two decisions, appends DecisionSuperseded to the old one only", () => {
    s.given([A, B]);
    expectRight(s.when(supersedeDecision({ id: "dec-0000000a", by: "dec-0000000b", reason: "clients need joins", meta })));
    expect(s.newEvents()).toMatchObject([
      { stream: "decision:dec-0000000a", version: 2, type: "DecisionSuperseded", data: { id: "dec-0000000a", supersededBy: "dec-0000000b", reason: "clients need joins" } },
    ]);
  });

  it("cannot supersede twice", () => {
    s.given([A, B, C, { stream: "decision:dec-0000000a", type: "DecisionSuperseded", data: { id: "dec-0000000a", supersededBy: "dec-0000000b", reason: "" } }]);
    const err = expectLeft(s.when(supersedeDecision({ id: "dec-0000000a", by: "dec-0000000c", meta })));
    expect(err._tag).toBe("AlreadySuperseded");
    expect(err.message).toContain("already superseded by dec-0000000b");
    expect(s.newEvents()).toHaveLength(0);
  });

  it("cannot supersede by itself", () => {
    s.given([A]);
    const err = expectLeft(s.when(supersedeDecision({ id: "dec-0000000a", by: "dec-0000000a", meta })));
    expect(err._tag).toBe("InvalidInput");
    expect(err.message).toContain("cannot supersede itself");
  });

  it("both ids must exist", () => {
    s.given([A]);
    const missingOld = expectLeft(s.when(supersedeDecision({ id: "dec-99999999", by: "dec-0000000a", meta })));
    expect(missingOld).toMatchObject({ _tag: "NotFound", id: "dec-99999999" });
    const missingNew = expectLeft(s.when(supersedeDecision({ id: "dec-0000000a", by: "dec-99999999", meta })));
    expect(missingNew).toMatchObject({ _tag: "NotFound", id: "dec-99999999" });
    expect(missingNew.message).toContain("record the new decision first");
    expect(s.newEvents()).toHaveLength(0);
  });

  it("cannot supersede by a decision that is itself superseded", () => {
    s.given([A, B, C, { stream: "decision:dec-0000000b", type: "DecisionSuperseded", data: { id: "dec-0000000b", supersededBy: "dec-0000000c", reason: "" } }]);
    const err = expectLeft(s.when(supersedeDecision({ id: "dec-0000000a", by: "dec-0000000b", meta })));
    expect(err._tag).toBe("InvalidInput");
    expect(err.message).toContain("supersede dec-0000000a by dec-0000000c");
  });
});
