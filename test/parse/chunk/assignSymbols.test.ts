import { describe, expect, it } from "vitest";
import type { ExtractedSymbol } from "../../../src/events/types/parse.js";
import { assignSymbols } from "../../../src/parse/chunk/assignSymbols.js";

const sym = (id: string, kind: ExtractedSymbol["kind"], startLine: number, endLine: number) => ({ id, kind, startLine, endLine });
const span = (startLine: number, endLine: number) => ({ startLine, endLine });

describe("assignSymbols", () => {
  it("names a chunk after the function most of it belongs to, though a constant follows it", () => {
    // A function packed with the comment and constant after it (seen on storedPositions).
    const symbols = [sym("storedPositions", "Function", 39, 48), sym("ROW_PARAMS", "Variable", 51, 51)];
    expect(assignSymbols([span(39, 51)], symbols)).toEqual([{ symbol: "storedPositions", kind: "Function" }]);
  });

  it("names the innermost symbol: the method most of a chunk lies in, across the end of its class", () => {
    const symbols = [
      sym("Store", "Class", 1, 30),
      sym("Store.open", "Method", 2, 10),
      sym("Store.close", "Method", 12, 29),
      sym("helper", "Function", 32, 33),
    ];
    expect(assignSymbols([span(1, 11), span(14, 33)], symbols)).toEqual([
      { symbol: "Store.open", kind: "Method" },
      { symbol: "Store.close", kind: "Method" },
    ]);
  });

  it("keeps the enclosing symbol when no member covers half the chunk", () => {
    const symbols = [sym("Store", "Class", 1, 30), sym("Store.a", "Method", 2, 6), sym("Store.b", "Method", 8, 12)];
    expect(assignSymbols([span(1, 14)], symbols)).toEqual([{ symbol: "Store", kind: "Class" }]);
  });

  it("labels module-level code Module: outside every symbol, or several small ones none of which dominates", () => {
    const symbols = [sym("a", "Function", 5, 6), sym("b", "Function", 8, 9), sym("c", "Function", 11, 12)];
    expect(assignSymbols([span(1, 3), span(4, 13)], symbols)).toEqual([
      { symbol: null, kind: "Module" },
      { symbol: null, kind: "Module" },
    ]);
  });

  it("gives a chunk split evenly between two siblings to the earlier one", () => {
    const symbols = [sym("a", "Function", 1, 2), sym("b", "Function", 3, 4)];
    expect(assignSymbols([span(1, 4), span(2, 3)], symbols)).toEqual([
      { symbol: "a", kind: "Function" },
      { symbol: "a", kind: "Function" },
    ]);
  });
});
