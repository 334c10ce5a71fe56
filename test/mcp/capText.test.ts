import { describe, expect, it } from "vitest";
import { capText, countTokens } from "../../src/mcp/capText.js";

describe("answers are capped in cl100k tokens at a line boundary", () => {
  it("leaves a short answer alone", () => {
    expect(capText("a\nb", 100, "narrow it")).toBe("a\nb");
  });

  it("cuts a long one to fit, marker included, and says how to get the rest", () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => `src/module${i}.ts:${i}: export function handler${i}(request: Request): Response {`);
    const capped = capText(lines.join("\n"), 1_000, "pass a path to narrow it");
    expect(countTokens(capped)).toBeLessThanOrEqual(1_000);
    const kept = capped.split("\n");
    expect(kept[kept.length - 1]).toMatch(/^\[truncated: \d+ of 2000 lines shown \(answer capped at 1,000 tokens\); pass a path to narrow it\]$/);
    expect(kept.slice(0, -1)).toEqual(lines.slice(0, kept.length - 1));
    expect(kept.length).toBeGreaterThan(20);
  });
});
