import { describe, expect, it } from "vitest";
import { parentsFirst } from "../../../src/sources/history/index.js";

const isParentsFirst = (graph: ReadonlyMap<string, ReadonlyArray<string>>, order: ReadonlyArray<string>) => {
  const at = new Map(order.map((sha, i) => [sha, i]));
  return [...graph].every(([sha, parents]) => parents.every((p) => !graph.has(p) || at.get(p)! < at.get(sha)!));
};

describe("parentsFirst: the order commits are recorded in", () => {
  it("puts every parent in the graph before its children, whatever order they came in", () => {
    // A diamond on top of a parent outside the graph (already recorded), listed child-first.
    const graph = new Map([
      ["merge", ["left", "right"]],
      ["right", ["base"]],
      ["left", ["base"]],
      ["base", ["recorded"]],
    ]);
    const order = parentsFirst(graph);
    expect(order.sort()).toEqual([...graph.keys()].sort());
    expect(isParentsFirst(graph, parentsFirst(graph))).toBe(true);
  });

  it("walks a history far deeper than the call stack", () => {
    const graph = new Map(Array.from({ length: 200_000 }, (_, i) => [`c${i}`, i === 0 ? [] : [`c${i - 1}`]] as const));
    const reversed = new Map([...graph].reverse());
    const order = parentsFirst(reversed);
    expect(order[0]).toBe("c0");
    expect(order.at(-1)).toBe("c199999");
  });
});
