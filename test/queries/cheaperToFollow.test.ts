import { describe, expect, it } from "vitest";
import { cheaperToFollow } from "../../src/queries/changedPart.js";

describe("cheaperToFollow", () => {
  it("follows a write by its files while they are few, and loads the graph again once they are a tenth of it", () => {
    // sympy: a save, then a moved module's 170-800 re-resolved importers among 1,597 files.
    expect(cheaperToFollow(3, 1_597)).toBe(true);
    expect(cheaperToFollow(159, 1_597)).toBe(true);
    expect(cheaperToFollow(170, 1_597)).toBe(false);
    expect(cheaperToFollow(800, 1_597)).toBe(false);
  });

  it("always follows in a small graph, where both ways are quick", () => {
    expect(cheaperToFollow(30, 40)).toBe(true);
    expect(cheaperToFollow(64, 64)).toBe(true);
    expect(cheaperToFollow(65, 100)).toBe(false);
  });
});
