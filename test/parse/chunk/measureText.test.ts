import { describe, expect, it } from "vitest";
import { MeasureScratch, measureText, type TextMeasure } from "../../../src/parse/chunk/measureText.js";

/** Every prefix-sum answer of a measure, for comparison. */
const answers = (m: TextMeasure, n: number) => {
  const out: number[] = [m.length, m.lineCount];
  for (let s = 0; s <= n; s += 3) {
    for (let e = s; e <= n; e += 5) out.push(m.nonWhitespace(s, e), m.tokens(s, e));
    out.push(m.lineOf(Math.min(s, Math.max(0, n - 1))), m.fitEnd(s, n, 7, 4));
  }
  return out;
};

describe("measureText with a reused scratch", () => {
  it("answers as a fresh measure for texts of any size in any order", () => {
    const scratch = new MeasureScratch();
    const texts = [
      "def parseFloat(x):\n    return x_1 + 12345 * 'é😀' ** {a: b}\n",
      "ab",
      "  \n\t",
      "class VeryLongIdentifierName:\n" + "    xs = [1, 2, 3]  # comment !!\n".repeat(40),
      "x",
    ];
    for (const text of [...texts, ...texts.reverse()]) {
      expect(answers(measureText(text, scratch), text.length)).toEqual(answers(measureText(text), text.length));
    }
  });
});

describe("maxBracketDepth", () => {
  it("is the deepest nesting, closers without an opener ignored", () => {
    expect(measureText("").maxBracketDepth).toBe(0);
    expect(measureText("f(a[1], {b: (c)})").maxBracketDepth).toBe(3);
    expect(measureText(")))((]").maxBracketDepth).toBe(2);
    expect(measureText("(\n[\n{\n}\n]\n)(").maxBracketDepth).toBe(3);
  });

  it("sends a file nested past maxNesting to line chunks (the tree is never opened)", async () => {
    const { chunkFile } = await import("../../../src/parse/chunk/index.js");
    const text = `x = ${"(".repeat(30)}1${")".repeat(30)}\n`.repeat(40);
    const opened: number[] = [];
    const leaf = (start: number, end: number) => ({ startIndex: start, endIndex: end, children: [] });
    const root = {
      startIndex: 0,
      endIndex: text.length,
      get children() {
        opened.push(1);
        return [leaf(0, text.length)];
      },
    };
    const caps = { maxNonWhitespace: 200, maxTokens: 100, minNonWhitespace: 20 };
    const byLines = chunkFile({ text, language: "python", symbols: [], caps });
    expect(chunkFile({ root, text, language: "python", symbols: [], caps, maxNesting: 29 })).toEqual(byLines);
    expect(opened).toEqual([]);
    chunkFile({ root, text, language: "python", symbols: [], caps, maxNesting: 30 });
    expect(opened.length).toBeGreaterThan(0);
  });
});
