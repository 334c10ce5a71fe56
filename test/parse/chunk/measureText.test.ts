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
