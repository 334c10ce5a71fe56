import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeRule } from "../../src/commands/index.js";
import { expectLeft, expectRight, meta, scenario } from "./harness.js";

describe("storeRule", () => {
  let s: ReturnType<typeof scenario>;
  beforeEach(() => (s = scenario()));
  afterEach(() => s.close());

  it("given an empty log, stores one RuleStored on a fresh rule stream with the caller's meta", () => {
    s.given([]);
    const r = expectRight(s.when(storeRule({ content: "  Never log tokens  ", scope: "src/auth/**", relatedTo: ["src/auth/login.ts", "AuthService"], meta })));
    expect(r.id).toMatch(/^rule-[0-9a-f]{8}$/);
    const [e, ...rest] = s.newEvents();
    expect(rest).toHaveLength(0);
    expect(e).toMatchObject({
      stream: `rule:${r.id}`,
      version: 1,
      type: "RuleStored",
      data: { id: r.id, content: "Never log tokens", scope: "src/auth/**", relatedTo: ["src/auth/login.ts", "AuthService"] },
      meta: { source: "test", actor: "tester" },
    });
    expect(r.position).toBe(e!.position);
  });

  it("defaults the scope to the whole project and drops blank or repeated references", () => {
    const r = expectRight(s.when(storeRule({ content: "Prefer small modules", relatedTo: ["a.ts", " ", "a.ts"], meta })));
    expect(s.newEvents()[0]!.data).toEqual({ id: r.id, content: "Prefer small modules", scope: "*", relatedTo: ["a.ts"] });
  });

  it("given an active rule with the same text (other case and spacing), reports the duplicate and stores nothing", () => {
    s.given([{ stream: "rule:rule-00000001", type: "RuleStored", data: { id: "rule-00000001", content: "Never log tokens.", scope: "*", relatedTo: [] } }]);
    const err = expectLeft(s.when(storeRule({ content: "never   LOG tokens", meta })));
    expect(err._tag).toBe("DuplicateContent");
    expect(err.message).toBe("already recorded as rule-00000001; nothing stored (retire rule-00000001 first to store it anew)");
    expect(s.newEvents()).toHaveLength(0);
  });

  it("given the same text was retired, stores it again", () => {
    s.given([
      { stream: "rule:rule-00000001", type: "RuleStored", data: { id: "rule-00000001", content: "Never log tokens", scope: "*", relatedTo: [] } },
      { stream: "rule:rule-00000001", type: "RuleRetired", data: { id: "rule-00000001", reason: "" } },
    ]);
    expectRight(s.when(storeRule({ content: "Never log tokens", meta })));
    expect(s.newEvents().map((e) => e.type)).toEqual(["RuleStored"]);
  });

  it.each([
    ["empty", "", "is empty"],
    ["blank", "   \n ", "is empty"],
    ["oversized", "x".repeat(101), "over the limit of 100"],
  ])("rejects %s content with an actionable InvalidInput and stores nothing", (_name, content, text) => {
    const err = expectLeft(s.when(storeRule({ content, meta, maxChars: 100 })));
    expect(err._tag).toBe("InvalidInput");
    expect(err.message).toContain("content");
    expect(err.message).toContain(text);
    expect(s.all()).toHaveLength(0);
  });

  it("rejects a multi-line scope and a non-path reference", () => {
    expect(expectLeft(s.when(storeRule({ content: "a", scope: "a\nb", meta }))).message).toContain("scope");
    expect(expectLeft(s.when(storeRule({ content: "a", relatedTo: ["x\ny"], meta }))).message).toContain("relatedTo");
    expect(s.all()).toHaveLength(0);
  });

  it("a retry with the same idempotency key returns the first result and stores once", () => {
    const first = expectRight(s.when(storeRule({ content: "Use tabs", meta, idempotencyKey: "req-1" })));
    const again = expectRight(s.when(storeRule({ content: "Use tabs", meta, idempotencyKey: "req-1" })));
    expect(again).toMatchObject({ id: first.id, position: first.position, replayed: true });
    expect(s.all()).toHaveLength(1);
  });
});
