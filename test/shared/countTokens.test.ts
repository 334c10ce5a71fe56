import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getEncoding } from "js-tiktoken";
import { describe, expect, it } from "vitest";
import { countTokens } from "../../src/shared/countTokens.js";

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );

describe("countTokens", () => {
  it("estimates cl100k within 12% on real source windows", () => {
    const enc = getEncoding("cl100k_base");
    const windows = sources(join(import.meta.dirname, "../../src"))
      .map((f) => readFileSync(f, "utf8"))
      .flatMap((t) => Array.from({ length: Math.floor(t.length / 1500) }, (_, i) => t.slice(i * 1500, i * 1500 + 1500)))
      .slice(0, 200);
    expect(windows.length).toBeGreaterThan(10);
    let err = 0;
    for (const w of windows) {
      const truth = enc.encode(w).length;
      err += Math.abs(countTokens(w) - truth) / truth;
    }
    expect(err / windows.length).toBeLessThan(0.12);
  });

  it("counts nothing for whitespace and something for every word", () => {
    expect(countTokens("")).toBe(0);
    expect(countTokens("   ")).toBeLessThanOrEqual(2);
    expect(countTokens("getUserById")).toBeGreaterThanOrEqual(3);
    expect(countTokens("日本語のテキスト")).toBeGreaterThanOrEqual(8);
  });
});
