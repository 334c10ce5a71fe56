import { describe, expect, it } from "vitest";
import { pageRank } from "../../../src/queries/algorithms/pageRank.js";

const edges = (...pairs: string[]) => pairs.map((p) => ({ source: p[0]!, target: p[1]! }));
const sum = (scores: ReadonlyMap<string, number>) => [...scores.values()].reduce((a, b) => a + b, 0);

describe("pageRank", () => {
  it("a star: every leaf points at the centre (which dangles)", () => {
    // Solved by hand: leaf = 0.17·centre + 0.03, centre = 0.748·centre + 0.132.
    const result = pageRank(["c", "1", "2", "3", "4"], edges("1c", "2c", "3c", "4c"));
    expect(result.converged).toBe(true);
    expect(result.scores.get("c")).toBeCloseTo(0.132 / 0.252, 9);
    for (const leaf of ["1", "2", "3", "4"]) expect(result.scores.get(leaf)).toBeCloseTo(0.17 * (0.132 / 0.252) + 0.03, 9);
  });

  it("a cycle: every node alike", () => {
    const result = pageRank([], edges("ab", "bc", "cd", "da"));
    for (const id of "abcd") expect(result.scores.get(id)).toBeCloseTo(0.25, 12);
  });

  it("a small graph solved exactly (A→B, A→C, B→C, C→A)", () => {
    const result = pageRank([], edges("AB", "AC", "BC", "CA"));
    expect(result.scores.get("A")).toBeCloseTo(0.38778971170152626, 9);
    expect(result.scores.get("B")).toBeCloseTo(0.21481062747314866, 9);
    expect(result.scores.get("C")).toBeCloseTo(0.397399660825325, 9);
  });

  it("redistributes a dangling node's rank, so the scores stay a distribution", () => {
    const result = pageRank([], edges("AB", "AC", "BC", "CA", "CD"));
    expect(sum(result.scores)).toBeCloseTo(1, 12);
    expect(result.scores.get("A")).toBeCloseTo(0.2339937776322253, 9);
    expect(result.scores.get("C")).toBeCloseTo(0.34534141149500575, 9);
    expect(result.scores.get("D")).toBeCloseTo(0.2339937776322253, 9);
  });

  it("personalised: teleports (and dangling rank) go to the seeds only", () => {
    const result = pageRank([], edges("AB", "AC", "BC", "CA", "CD"), { teleport: new Map([["A", 2]]) });
    expect(result.scores.get("A")).toBeCloseTo(0.39286459676132246, 9);
    expect(result.scores.get("D")).toBeCloseTo(0.13127816041152565, 9);
    // Nothing reaches x or y from the seed: they get no rank at all.
    const apart = pageRank([], edges("AB", "xy"), { teleport: new Map([["A", 1]]) });
    expect(apart.scores.get("x")).toBe(0);
    expect(apart.scores.get("y")).toBe(0);
    expect(sum(apart.scores)).toBeCloseTo(1, 12);
  });

  it("counts parallel edges as weight, ignores unknown teleport ids, handles an empty graph", () => {
    const weighted = pageRank([], [{ source: "a", target: "b", weight: 3 }, { source: "a", target: "c" }]);
    const doubled = pageRank([], [...edges("ab", "ab", "ab", "ac")]);
    expect(weighted.scores.get("b")).toBeCloseTo(doubled.scores.get("b")!, 12);
    expect(weighted.scores.get("b")!).toBeGreaterThan(weighted.scores.get("c")!);
    const unknown = pageRank([], edges("ab"), { teleport: new Map([["zz", 1]]) });
    expect(unknown.scores.get("a")).toBeCloseTo(pageRank([], edges("ab")).scores.get("a")!, 12);
    expect(pageRank([], [])).toEqual({ scores: new Map(), iterations: 0, converged: true });
  });

  it("stops at maxIterations and says it did not converge", () => {
    const result = pageRank([], edges("AB", "AC", "BC", "CA"), { maxIterations: 3 });
    expect(result.iterations).toBe(3);
    expect(result.converged).toBe(false);
  });
});
