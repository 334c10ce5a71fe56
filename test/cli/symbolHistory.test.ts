import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexedFixtureCopy } from "../fixtureCache.js";
import { removeDir } from "../sources/scan/helpers.js";
import { runCliInProcess } from "./runCliInProcess.js";
import { spawnCli } from "./spawnCli.js";

/**
 * `nemesis symbol-history` through the built CLI, once: what it answers is tested through the
 * registry (test/mcp/tools/getSymbolHistory.test.ts) and as plain functions (test/queries/changes).
 */
describe("nemesis symbol-history", () => {
  let root = "";
  beforeAll(async () => {
    root = await indexedFixtureCopy("resolve/ts-basic");
  });
  afterAll(() => removeDir(root));

  it("prints each version of a symbol, the first one as the index saw it; an unknown name is one line of what to pass", async () => {
    const r = await spawnCli(root, ["symbol-history", "twice"]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/^History of twice \[Function\] \(src\/lib\/math.ts:5–7\): 1 version, newest first\nv1 [\d-]+ [\d:]+ UTC {2}first seen {2}lines 5–7 {2}by nemesis index/);
    const unknown = await runCliInProcess(root, ["symbol-history", "nowhereAtAll"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^nemesis: No symbol or file matches "nowhereAtAll"\. .+ name it with its file, as path:Symbol \(get_changes_since lists removed symbols\)\.\n$/);
  });
});
