import { describe, expect, it } from "vitest";
import { degreeCentrality } from "../../../src/queries/algorithms/degreeCentrality.js";

describe("degreeCentrality", () => {
  it("counts distinct neighbours in and out, not call sites or self-loops", () => {
    const degrees = degreeCentrality(["lonely"], [
      { source: "f", target: "g" },
      { source: "f", target: "g" },
      { source: "h", target: "g" },
      { source: "g", target: "g" },
      { source: "g", target: "k" },
    ]);
    expect(degrees.get("g")).toEqual({ in: 2, out: 1 });
    expect(degrees.get("f")).toEqual({ in: 0, out: 1 });
    expect(degrees.get("lonely")).toEqual({ in: 0, out: 0 });
  });
});
