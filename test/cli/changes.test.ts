import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexedFixtureCopy } from "../fixtureCache.js";
import { removeDir } from "../sources/scan/helpers.js";
import { spawnCli } from "./spawnCli.js";

/**
 * `nemesis changes` through the built CLI, once: what it answers is tested through the registry
 * (test/mcp/tools/getChangesSince.test.ts) and as plain functions (test/queries/changes).
 */
describe("nemesis changes", () => {
  let root = "";
  beforeAll(async () => {
    root = await indexedFixtureCopy("resolve/ts-basic");
  });
  afterAll(() => removeDir(root));

  it("prints what changed since a log position: the whole index since #0", async () => {
    const r = await spawnCli(root, ["changes", "--since", "#0"]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/^Changes since #0 up to #\d+:\n\d+ files \(\d+ added\); \d+ symbols \(\d+ added\)/);
    expect(r.stdout).toContain("  added    src/render.ts (nemesis index)");
  });
});
