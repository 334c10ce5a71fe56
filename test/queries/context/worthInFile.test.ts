import { describe, expect, it } from "vitest";
import { worthInFile } from "../../../src/queries/context/worthInFile.js";

const node = (id: string, score: number) => ({ id, score, mass: 0, link: null });

describe("worthInFile", () => {
  it("puts the best node of the next file before the second node of the best file", () => {
    const ranked = worthInFile(
      [node("s:a.ts#f", 1), node("s:a.ts#g", 0.9), node("s:a.ts#h", 0.8), node("s:b.ts#x", 0.2)],
      new Map([
        ["a.ts", 0.4],
        ["b.ts", 0.3],
      ]),
    );
    expect(ranked.map((r) => r.id)).toEqual(["s:a.ts#f", "s:b.ts#x", "s:a.ts#g", "s:a.ts#h"]);
    expect(ranked[0]!.score).toBe(1);
    expect(ranked[2]!.score).toBeCloseTo(1 / 4);
  });
});
