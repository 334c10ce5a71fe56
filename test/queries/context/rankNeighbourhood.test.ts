import { describe, expect, it } from "vitest";
import type { Link } from "../../../src/queries/context/expandNeighbourhood.js";
import { rankNeighbourhood } from "../../../src/queries/context/rankNeighbourhood.js";

const link = (node: string, relation: Link["relation"], via: string, hop = 1): Link => ({ node, relation, via, line: 0, lineNode: node, hop });

describe("rankNeighbourhood", () => {
  it("ranks a symbol reached from several entry points above one reached from a single weak hit", () => {
    const seeds = new Map([
      ["a", 1],
      ["b", 0.9],
      ["weak", 0.35],
    ]);
    const ranked = rankNeighbourhood(seeds, [link("shared", "called by", "a"), link("shared", "called by", "b"), link("lonely", "called by", "weak")]);
    const order = ranked.map((r) => r.id);
    expect(order.indexOf("shared")).toBeLessThan(order.indexOf("lonely"));
    expect(ranked.find((r) => r.id === "a")!.link).toBeNull();
    expect(ranked.find((r) => r.id === "shared")!.link).toMatchObject({ relation: "called by", via: "a" });
  });

  it("explains a test by what it tests, and a weak entry point by its link from a strong one", () => {
    const seeds = new Map([
      ["f", 1],
      ["t", 0.9],
      ["g", 0.1],
    ]);
    const ranked = rankNeighbourhood(seeds, [link("t", "calls", "f"), link("t", "tests", "f"), link("g", "called by", "f")]);
    expect(ranked.find((r) => r.id === "t")!.link?.relation).toBe("tests");
    expect(ranked.find((r) => r.id === "g")!.link).toMatchObject({ relation: "called by", via: "f" });
  });

  it("divides what a node gains from the walk by its degree: a hub many weak entry points touch does not outweigh what a strong one calls", () => {
    const seeds = new Map([
      ["strong", 1],
      ["w1", 0.4],
      ["w2", 0.4],
      ["w3", 0.4],
      ["w4", 0.4],
    ]);
    const ranked = rankNeighbourhood(seeds, [
      link("helper", "called by", "strong"),
      ...["w1", "w2", "w3", "w4"].map((w) => link("hub", "called by", w)),
    ]);
    const mass = (id: string) => ranked.find((r) => r.id === id)!.mass;
    // Together the weak ones restart the walk more often than the strong one does.
    expect([...seeds.values()].slice(1).reduce((a, b) => a + b)).toBeGreaterThan(seeds.get("strong")!);
    expect(mass("helper")).toBeGreaterThan(mass("hub"));
    // An entry point keeps its own restarts whatever its degree.
    expect(mass("strong")).toBeGreaterThan(mass("helper"));
    expect(ranked.reduce((n, r) => n + r.mass, 0)).toBeLessThanOrEqual(1 + 1e-9);
  });
});

