import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { getEncoding } from "js-tiktoken";
import { describe, expect, it } from "vitest";
import { countTokens } from "../../src/mcp/exactTokens.js";

const enc = getEncoding("cl100k_base");
/** js-tiktoken's own count of the whole text, special tokens read as plain text. */
const truth = (text: string) => enc.encode(text, [], []).length;

const files = (dir: string, ext: RegExp): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), ext) : ext.test(e.name) ? [join(dir, e.name)] : [],
  );

describe("countTokens (exact, memoised per piece)", () => {
  it("equals js-tiktoken on every source and fixture file of this repository, counted twice", () => {
    const root = join(import.meta.dirname, "../..");
    const texts = [...files(join(root, "src"), /\.ts$/), ...files(join(root, "fixtures"), /\.(ts|js|py|go|rs|java|md|json)$/)].map((f) => readFileSync(f, "utf8"));
    expect(texts.length).toBeGreaterThan(100);
    // The second pass answers from the memo: it must agree with the first.
    for (let pass = 0; pass < 2; pass++) for (const t of texts) expect(countTokens(t)).toBe(truth(t));
  });

  it("equals js-tiktoken on random text: whitespace runs, line breaks, digits, punctuation, any Unicode", () => {
    const part = fc.oneof(
      fc.constantFrom(" ", "  ", "\t", "\n", "\r\n", "\n\n    ", "   \n", "'s", "'LL", "123456", "<|endoftext|>", "```", "=>", "é", "日本", "🙂"),
      fc.string({ maxLength: 12 }),
      fc.string({ unit: "binary", maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 40 }), (parts) => {
        const text = parts.join("");
        expect(countTokens(text)).toBe(truth(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it("equals js-tiktoken on random ASCII text, every code unit below 128 (counted with the ASCII pattern)", () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)), maxLength: 200 });
    const words = fc.array(fc.oneof(ascii, fc.constantFrom(" ", "\n", "\r\n", "\t", "    ", "'s", "'LL", "x1", "123456", "==", ");\n")), { maxLength: 20 });
    fc.assert(
      fc.property(words, (parts) => {
        const text = parts.join("");
        expect(countTokens(text)).toBe(truth(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it("counts a special token as the plain text a client sends instead of throwing", () => {
    expect(countTokens("a <|endoftext|> b")).toBe(truth("a <|endoftext|> b"));
    expect(countTokens("")).toBe(0);
  });
});
