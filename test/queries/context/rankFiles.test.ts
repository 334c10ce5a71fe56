import { describe, expect, it } from "vitest";
import { rankFiles } from "../../../src/queries/context/rankFiles.js";

describe("rankFiles", () => {
  it("adds up the walk's mass on each file's nodes, file node included", () => {
    const files = rankFiles(
      [
        { id: "s:src/a.ts#f", mass: 0.2 },
        { id: "s:src/a.ts#g", mass: 0.1 },
        { id: "f:src/a.ts", mass: 0.05 },
        { id: "s:src/b.ts#h", mass: 0.3 },
      ],
      ["total"],
    );
    expect(files.get("src/a.ts")).toBeCloseTo(0.35);
    expect(files.get("src/b.ts")).toBeCloseTo(0.3);
  });

  it("weighs a test below the source it exercises unless the task asks about tests", () => {
    const nodes = [
      { id: "s:src/cart.ts#total", mass: 0.3 },
      { id: "s:test/cart.test.ts#total adds fees", mass: 0.4 },
    ];
    const plain = rankFiles(nodes, ["total"]);
    expect(plain.get("src/cart.ts")!).toBeGreaterThan(plain.get("test/cart.test.ts")!);
    const asked = rankFiles(nodes, ["total", "test"]);
    expect(asked.get("test/cart.test.ts")!).toBeGreaterThan(asked.get("src/cart.ts")!);
  });
});
