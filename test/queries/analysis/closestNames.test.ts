import { describe, expect, it } from "vitest";
import { closestNames } from "../../../src/queries/analysis/closestNames.js";
import { inScope, scopePrefix } from "../../../src/queries/analysis/PathScope.js";

describe("closestNames", () => {
  it("ranks an exact match, then containment, then edit distance", () => {
    const names = ["Square.label", "makeSquare", "Square", "square", "Base.size", "Shape"];
    expect(closestNames("Square", names, (n) => [n], 3)).toEqual(["Square", "square", "makeSquare"]);
    expect(closestNames("Sqare", names, (n) => [n], 2)).toEqual(["Square", "square"]);
    expect(closestNames("size", names, (n) => [n, n.split(".").pop()!], 1)).toEqual(["Base.size"]);
  });
});

describe("PathScope", () => {
  it("matches a file, a folder (not a sibling with the same prefix) and a glob", () => {
    const folder = inScope({ kind: "path", path: "src/loop" });
    expect(["src/loop", "src/loop/a.ts", "src/loopy.ts", "src/main.ts"].map(folder)).toEqual([true, true, false, false]);
    const glob = inScope({ kind: "glob", pattern: "src/**/*.ts" });
    expect(["src/loop/a.ts", "src/main.ts", "py/ping.py"].map(glob)).toEqual([true, true, false]);
    expect(scopePrefix({ kind: "glob", pattern: "src/**/*.ts" })).toBe("src/");
    expect(scopePrefix({ kind: "glob", pattern: "**/*.py" })).toBe("");
  });
});
