import { appendFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskFreshness, staleText } from "../../src/engine/queries/diskFreshness.js";
import { engineQueries, watchControl } from "../../src/engine/index.js";
import { toolContext } from "../../src/mcp/ToolContext.js";
import { ALL_TOOLS, callTool } from "../../src/mcp/registry.js";
import { watcherLine, watcherStatus } from "../../src/mcp/tools/watcherStatus.js";
import { startWatcher } from "../../src/cli/startWatcher.js";
import { readWatcherState } from "../../src/sources/watcher/index.js";
import { indexedFixture, type IndexedProject } from "./harness.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
}, 120_000);
afterAll(() => project.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The freshness line once the server's background look at the disk has found what `until` wants (bounded); a context per ask, as a call has (one call reads the line once). */
const freshnessUntil = async (until: (line: string | null) => boolean): Promise<string | null> => {
  for (let i = 0; i < 200; i++) {
    const line = await project.context().freshness();
    if (until(line)) return line;
    await sleep(50);
  }
  throw new Error(`freshness never matched; last: ${await project.context().freshness()}`);
};

describe("answers say which files changed on disk since they were indexed", () => {
  it("finds edited and deleted files, and nothing on an untouched tree", async () => {
    const ctx = project.context();
    const disk = diskFreshness(project.root, () => ctx.catalog(), 1_000_000, 0);
    // The first look is waited for: a one-shot query's only answer must not go out before it.
    expect(await disk.current()).toMatchObject({ changed: [], missing: [] });
    expect(staleText(await disk.current())).toBeNull();

    appendFileSync(join(project.root, "src/lib/math.ts"), "\nexport const three = 3;\n");
    rmSync(join(project.root, "src/render.ts"));
    await disk.settled();
    await disk.current();
    await disk.settled();
    const stale = await disk.current();
    expect(stale).toMatchObject({ changed: ["src/lib/math.ts"], missing: ["src/render.ts"] });
    expect(staleText(stale)).toBe("2 files changed or deleted on disk since indexed (src/lib/math.ts, src/render.ts): index_project updates them");
  });

  it("the server's freshness line names them until they are indexed again", async () => {
    const line = await freshnessUntil((l) => l !== null && l.includes("src/lib/math.ts"));
    expect(line).toContain("src/render.ts");
    await project.context().index({});
    // Indexing moved the catalog: the older look is dropped at once, and the next finds the disk in agreement.
    expect(await project.context().freshness()).toBeNull();
    await sleep(300);
    expect(await project.context().freshness()).toBeNull();
  }, 60_000);

  it("one call reads the line once: what a tool budgeted for is what the registry appends", async () => {
    const call = project.context();
    const before = await call.freshness();
    expect(before).toBeNull();
    appendFileSync(join(project.root, "src/lib/math.ts"), "\nexport const four = 4;\n");
    expect(await freshnessUntil((l) => l !== null && l.includes("src/lib/math.ts"))).toContain("changed on disk");
    expect(await call.freshness()).toBe(before);
  }, 60_000);
});

describe("a server that has just started", () => {
  it("says which files are stale in its first answer (a one-shot `nemesis query` has no second)", async () => {
    appendFileSync(join(project.root, "src/lib/math.ts"), "\nexport const five = 5;\n");
    // What `nemesis query` builds: the engine's read models, no watcher, one call.
    const fresh = engineQueries(project.models.engine);
    try {
      const answer = await callTool(ALL_TOOLS, "get_code_semantics", { query: "math" }, toolContext(fresh, { name: "test", source: "cli" }));
      expect(answer.isError).toBeFalsy();
      expect(answer.content[0]!.text).toMatch(/\(\d files? changed on disk since indexed \([^)]*src\/lib\/math\.ts/);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it("reports its watcher as starting until it runs, and checks the disk meanwhile", async () => {
    const control = watchControl(project.models.engine, startWatcher);
    const models = engineQueries(project.models.engine, control);
    try {
      control.plan("");
      expect(watcherLine(watcherStatus(control.state()))).toMatch(/^starting for the whole project/);
      // So does `nemesis status`, from another process: it reads the state file.
      const nemesisDir = join(project.root, ".nemesis");
      expect(readWatcherState(nemesisDir)).toMatchObject({ pid: process.pid, mode: "starting", scope: "" });
      // Until the watcher runs, nothing records what changes on disk: the answer says it.
      expect(await toolContext(models, { name: "test", source: "cli" }).freshness()).toContain("src/lib/math.ts");
      await control.startPlanned();
      expect(control.state()?.mode).toBe("events");
      await control.stop();
      expect(control.state()).toBeNull();
      // Stopped before it started (watch_project {enabled: false}): it stays off.
      control.plan("");
      await control.stop();
      await control.startPlanned();
      expect(control.state()).toBeNull();
      expect(readWatcherState(nemesisDir)).toBeNull();
    } finally {
      await control.stop();
      await models.close();
    }
  }, 60_000);
});
