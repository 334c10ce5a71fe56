import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeConvention } from "../../src/commands/index.js";
import { expectLeft, expectRight, meta, scenario } from "./harness.js";

describe("storeConvention", () => {
  let s: ReturnType<typeof scenario>;
  beforeEach(() => (s = scenario()));
  afterEach(() => s.close());

  it("stores pattern, example and scope", () => {
    const r = expectRight(s.when(storeConvention({ pattern: "Services end in Service", example: "class AuthService {}", scope: "src/services/**", meta })));
    expect(r.id).toMatch(/^conv-[0-9a-f]{8}$/);
    expect(s.newEvents()).toMatchObject([
      { stream: `convention:${r.id}`, type: "ConventionStored", data: { id: r.id, pattern: "Services end in Service", example: "class AuthService {}", scope: "src/services/**" } },
    ]);
  });

  it("the same pattern twice is a duplicate, whatever the example", () => {
    const first = expectRight(s.when(storeConvention({ pattern: "Services end in Service", example: "a", meta })));
    const err = expectLeft(s.when(storeConvention({ pattern: "services END in service", example: "b", meta })));
    expect(err).toMatchObject({ _tag: "DuplicateContent", existingId: first.id });
    expect(err.message).toBe(`already recorded as ${first.id}; nothing stored (a convention cannot be retired or replaced)`);
    expect(s.all()).toHaveLength(1);
  });

  it.each([
    ["empty pattern", { pattern: "", example: "e" }, "pattern"],
    ["empty example", { pattern: "p", example: "" }, "example"],
    ["oversized example", { pattern: "p", example: "e".repeat(11) }, "over the limit of 10"],
  ])("%s is InvalidInput", (_n, input, text) => {
    const err = expectLeft(s.when(storeConvention({ ...input, meta, maxChars: 10 })));
    expect(err._tag).toBe("InvalidInput");
    expect(err.message).toContain(text);
    expect(s.all()).toHaveLength(0);
  });
});
