import { describe, expect, it } from "vitest";
import { anchorSeeds } from "../../../src/queries/context/anchorSeeds.js";

const files = (...paths: string[]) => paths.map((file) => ({ file }));

describe("anchorSeeds", () => {
  it("gives the file search ranks r-th a restart share of 1/r, split among its entry points by their evidence", () => {
    const raw = new Map([
      ["s:a.ts#f", 3],
      ["s:a.ts#g", 1],
      ["s:b.ts#h", 9],
    ]);
    const seeds = anchorSeeds(raw, files("a.ts", "b.ts"));
    expect(seeds.get("s:a.ts#f")).toBeCloseTo(0.75);
    expect(seeds.get("s:a.ts#g")).toBeCloseTo(0.25);
    // A strong symbol in the second file does not outweigh the first file.
    expect(seeds.get("s:b.ts#h")).toBeCloseTo(0.5);
  });

  it("restarts at the file node of a ranked file without entry points, and gives an unranked file the next rank's share", () => {
    const seeds = anchorSeeds(new Map([["s:c.ts#x", 2]]), files("a.ts", "b.ts"));
    expect(seeds.get("f:a.ts")).toBeCloseTo(1);
    expect(seeds.get("f:b.ts")).toBeCloseTo(0.5);
    expect(seeds.get("s:c.ts#x")).toBeCloseTo(1 / 3);
  });
});
