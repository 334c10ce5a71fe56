import { describe, expect, it } from "vitest";
import { packGreedy, type Candidate } from "../../../src/queries/context/packContext.js";

const c = (group: string, level: number, value: number, cost: number, span?: [number, number]): Candidate<string> => ({
  group,
  level,
  value,
  cost: { text: cost, json: cost },
  item: `${group}@${level}`,
  span: span ? { file: "a.ts", first: span[0], last: span[1] } : undefined,
});

describe("packGreedy", () => {
  it("takes the best value per token within the budget, one granularity per group, upgrading when it fits", () => {
    const chosen = packGreedy([c("f", 2, 1, 50), c("f", 1, 0.5, 10), c("g", 2, 0.6, 60), c("g", 1, 0.3, 10)], { text: 80, json: 80 });
    expect([...chosen.values()].map((x) => x.candidate.item).sort()).toEqual(["f@2", "g@1"]);
  });

  it("does not show a method again inside its chosen class", () => {
    const chosen = packGreedy([c("class", 2, 1, 40, [1, 20]), c("method", 2, 0.9, 10, [5, 8])], { text: 100, json: 100 });
    expect([...chosen.keys()]).toEqual(["class"]);
  });

  it("respects the tighter of the two budgets", () => {
    const wide: Candidate<string> = { ...c("f", 2, 1, 10), cost: { text: 10, json: 90 } };
    expect(packGreedy([wide], { text: 100, json: 50 }).size).toBe(0);
  });
});
