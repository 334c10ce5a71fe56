import { describe, expect, it } from "vitest";
import { fileRegions, splitAtHits } from "../../../src/queries/context/fileRegions.js";

const sym = (id: string, start: number, end: number) => ({ id, start, end });

describe("fileRegions", () => {
  it("covers every line once, in order: module lines, whole symbols, the lines between", () => {
    const regions = fileRegions([sym("a", 5, 10), sym("b", 20, 30)], 40);
    expect(regions).toEqual([
      { first: 1, last: 4, symbol: null },
      { first: 5, last: 10, symbol: "a" },
      { first: 11, last: 19, symbol: null },
      { first: 20, last: 30, symbol: "b" },
      { first: 31, last: 40, symbol: null },
    ]);
  });

  it("gives a short run after a symbol (its closing lines) to that symbol", () => {
    expect(fileRegions([sym("a", 1, 10), sym("b", 12, 20)], 21)).toEqual([
      { first: 1, last: 11, symbol: "a" },
      { first: 12, last: 21, symbol: "b" },
    ]);
  });

  it("cuts a long class into its head, its members and the lines between them; a short one stays whole", () => {
    const long = fileRegions([sym("C", 1, 100), sym("C.m", 10, 40), sym("C.n", 50, 98)], 100);
    expect(long).toEqual([
      { first: 1, last: 9, symbol: "C" },
      { first: 10, last: 40, symbol: "C.m" },
      { first: 41, last: 49, symbol: null },
      { first: 50, last: 100, symbol: "C.n" },
    ]);
    expect(fileRegions([sym("D", 1, 20), sym("D.m", 3, 10)], 20)).toEqual([{ first: 1, last: 20, symbol: "D" }]);
  });

  it("covers a file without symbols as one region and ignores symbols past its end", () => {
    expect(fileRegions([], 12)).toEqual([{ first: 1, last: 12, symbol: null }]);
    expect(fileRegions([sym("gone", 50, 60)], 12)).toEqual([{ first: 1, last: 12, symbol: null }]);
  });
});

describe("splitAtHits", () => {
  it("cuts a long region where search's chunks matched inside it, and leaves short ones whole", () => {
    const regions = [
      { first: 1, last: 100, symbol: "f" },
      { first: 101, last: 110, symbol: "g" },
    ];
    expect(splitAtHits(regions, [{ startLine: 40, endLine: 60 }, { startLine: 102, endLine: 105 }], 40)).toEqual([
      { first: 1, last: 39, symbol: "f", part: true },
      { first: 40, last: 60, symbol: "f", part: true },
      { first: 61, last: 100, symbol: "f", part: true },
      { first: 101, last: 110, symbol: "g" },
    ]);
    expect(splitAtHits(regions, [{ startLine: 1, endLine: 100 }], 40)).toEqual(regions);
  });
});
