import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appendToStreams, closeEventLog, openEventLog } from "../../src/events/index.js";
import { tempDir } from "../helpers.js";
import { runCliInProcess } from "./runCliInProcess.js";
import { spawnCli } from "./spawnCli.js";

const row = (stdout: string, name: string): string => stdout.split("\n").find((l) => l.startsWith(`${name} `)) ?? `(no ${name} row)`;

describe("nemesis status: what each read model still has to do, and what the engine line means", () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it("counts the events each model handles after its checkpoint and explains the ones it skips", async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    mkdirSync(join(t.dir, "src"));
    writeFileSync(join(t.dir, "src", "a.ts"), "export const a = 1;\n");
    writeFileSync(join(t.dir, "src", "b.ts"), "export const b = 2;\n");
    expect((await spawnCli(t.dir, ["index"])).code).toBe(0);
    expect((await runCliInProcess(t.dir, ["rule", "add", "Never log access tokens"])).code).toBe(0);

    // The graph and the chunks trail the head by events not for them (the run marker, the rule) and are up to date.
    let json = JSON.parse((await runCliInProcess(t.dir, ["status", "--json"])).stdout);
    const graphAt = json.projections.graph.position;
    const skipped = json.logHead - graphAt;
    expect(skipped).toBeGreaterThanOrEqual(2);
    expect(json.projections.graph).toMatchObject({ behind: 0, notForIt: skipped });
    expect(json.projections.catalog).toMatchObject({ position: json.logHead, behind: 0, notForIt: 0 });
    let text = (await runCliInProcess(t.dir, ["status"])).stdout;
    expect(text).toContain("engine    not running (queries read the indexes directly; `nemesis index` catches up)\n");
    expect(row(text, "graph")).toMatch(new RegExp(`^graph +#${graphAt} +up to date \\(${skipped} later events are not for it\\)$`));
    expect(row(text, "catalog")).toMatch(/^catalog +#\d+ +up to date$/);

    // A deletion nobody has projected yet is work for every model that handles it.
    const log = openEventLog(join(t.dir, ".nemesis", "events.db"));
    try {
      appendToStreams(log, [{ stream: "file:src/a.ts", expectedVersion: "any", events: [{ type: "FileDeleted", data: { path: "src/a.ts" }, meta: { source: "cli" } }] }]);
      // What an answer served is no model's work: logged after every answer, it must not show as events to apply.
      const served = { session: null, client: "cli", tool: "get_code_semantics", task: "a", files: ["src/b.ts"], symbols: [], rules: [], tokens: 10 };
      appendToStreams(log, [{ stream: "context:-", expectedVersion: "any", events: [{ type: "ContextServed", data: served, meta: { source: "cli" } }] }]);
    } finally {
      closeEventLog(log);
    }
    json = JSON.parse((await runCliInProcess(t.dir, ["status", "--json"])).stdout);
    expect(json.projections.graph).toMatchObject({ position: graphAt, behind: 1, notForIt: skipped + 1 });
    expect(json.projections.chunks).toMatchObject({ behind: 1 });
    expect(json.projections.catalog).toMatchObject({ behind: 1, notForIt: 1 });
    text = (await spawnCli(t.dir, ["status"])).stdout;
    expect(row(text, "graph")).toMatch(new RegExp(`^graph +#${graphAt} +1 event to apply \\(${skipped + 1} later events are not for it\\)$`));
    expect(row(text, "catalog")).toMatch(/^catalog +#\d+ +1 event to apply \(1 later event is not for it\)$/);
  });
});
