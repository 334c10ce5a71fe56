import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logContextServed, recordSessionStart } from "../../src/commands/index.js";
import { closeEventLog, openEventLog } from "../../src/events/index.js";
import { indexedFixtureCopy } from "../fixtureCache.js";
import { removeDir } from "../sources/scan/helpers.js";
import { runCliInProcess } from "./runCliInProcess.js";
import { spawnCli } from "./spawnCli.js";

/**
 * `nemesis report context` through the built CLI, once: what it answers is tested through the
 * registry on a scripted history (test/mcp/tools/contextReport.test.ts) and as plain functions
 * (test/queries/contextReport).
 */
describe("nemesis report context", () => {
  let root = "";
  beforeAll(async () => {
    root = await indexedFixtureCopy("resolve/ts-basic");
    const log = openEventLog(join(root, ".nemesis", "events.db"));
    try {
      recordSessionStart(log, { client: "claude-code", sessionId: "sess-cli", meta: { source: "hook" } });
      const logged = logContextServed(log, {
        served: { session: "sess-cli", client: "nemesis-hook", tool: "get_smart_context", task: "render a square", files: ["src/render.ts"], symbols: [], rules: [], tokens: 500 },
        keepTask: true,
        meta: { source: "hook", session: "sess-cli" },
      });
      expect(logged).toHaveProperty("position");
    } finally {
      closeEventLog(log);
    }
  });
  afterAll(() => removeDir(root));

  it("prints the report, and refuses an empty --since with what it takes", async () => {
    const r = await spawnCli(root, ["report", "context"]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/^Context served since the start of the log \(#0\) up to #\d+: 1 session, 1 answer, 500 tokens\nRecall \(edited files served before the edit\): n\/a\nPrecision \(served files edited after\): 0\/1 \(0%\)\n/);
    expect(r.stdout).toContain("  sess-cli (claude-code, ");
    // Refused before the project opens (what an unknown point says is the tool's: test/mcp/tools/contextReport.test.ts).
    const bad = await runCliInProcess(root, ["report", "context", "--since", ""]);
    expect(bad).toEqual({ code: 2, stdout: "", stderr: `nemesis: --since must be a non-empty string of at most 200 characters (got "")\n` });
  });
});
