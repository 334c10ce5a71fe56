import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendToStreams, closeEventLog, openEventLog } from "../../src/events/index.js";
import { startNode } from "../child.js";
import { CLI, tempDir } from "../helpers.js";
import { runCliInProcess } from "./runCliInProcess.js";
import { spawnCli } from "./spawnCli.js";

describe("nemesis log", () => {
  const t = tempDir("nemesis-cli-log-");
  // The built CLI for the first listing and --follow; the rest run the same code in this process.
  const cli = (...args: string[]) => runCliInProcess(t.dir, args);
  const json = async (...args: string[]) =>
    (await cli("log", "--json", ...args)).stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { position: number; type: string; stream: string; source: string; data: Record<string, unknown> });

  beforeAll(async () => {
    expect((await spawnCli(t.dir, ["init"])).code).toBe(0);
    const log = openEventLog(join(t.dir, ".nemesis", "events.db"));
    const watcher = { source: "watcher" as const };
    for (let i = 1; i <= 60; i++) {
      const path = i % 2 ? `src/m${i}.ts` : `lib/m${i}.ts`;
      appendToStreams(log, [
        {
          stream: `file:${path}`,
          expectedVersion: "any",
          events: [
            { type: "FileChanged", data: { path, contentHash: `h${i}`, size: i, mtime: i, language: "typescript" }, meta: watcher },
            {
              type: "FileParsed",
              data: { path, contentHash: `h${i}`, language: "typescript", parserVersion: "1", packageName: null, lineCount: 1, hasErrors: false, symbols: [{}, {}], references: [], imports: [], chunks: [{}] },
              meta: { source: "engine" },
            },
          ],
        },
      ]);
    }
    closeEventLog(log);
    expect((await cli("rule", "add", "Keep the log small")).code).toBe(0);
  });
  afterAll(() => t.cleanup());

  it("shows the newest 50 by default, oldest first, with one-line summaries", async () => {
    const r = await spawnCli(t.dir, ["log"]);
    const rows = r.stdout.trimEnd().split("\n").slice(1);
    expect(rows).toHaveLength(50);
    expect(rows[0]).toMatch(/^\s+#72\s/);
    expect(rows[49]).toMatch(/^\s+#121\s.*RuleStored .*cli \(tester\).*Keep the log small/);
    expect(rows[48]).toMatch(/FileParsed .*engine\s+lib\/m60\.ts \(2 symbols, 1 chunks\)/);
  });

  it("--limit N gives the newest N in chronological order; --limit 0 gives all", async () => {
    expect((await json("--limit", "3")).map((e) => e.position)).toEqual([119, 120, 121]);
    expect(await json("--limit", "0")).toHaveLength(121);
  });

  it("filters by type, stream prefix, source and time", async () => {
    const parsed = await json("--type", "FileParsed,RuleStored", "--limit", "4");
    expect(parsed.map((e) => e.type)).toEqual(["FileParsed", "FileParsed", "FileParsed", "RuleStored"]);
    expect(parsed[0]!.data.symbols).toHaveLength(2); // --json carries whole payloads
    const lib = await json("--stream", "file:lib/", "--limit", "0");
    expect(lib).toHaveLength(60);
    expect(lib.every((e) => e.stream.startsWith("file:lib/"))).toBe(true);
    expect((await json("--source", "cli")).map((e) => e.type)).toEqual(["RuleStored"]);
    expect(await json("--since", "1h", "--limit", "0")).toHaveLength(121);
    expect(await json("--until", "1h")).toHaveLength(0);
    expect((await cli("log", "--until", "2000-01-01")).stdout).toBe("No events match.\n");
  });

  it("--follow keeps printing events appended by other processes until interrupted", async () => {
    const follower = startNode(CLI, ["log", "--follow", "--json", "--limit", "1", "--type", "RuleStored"], { cwd: t.dir });
    try {
      const first = JSON.parse(await follower.line());
      expect(first.data.content).toBe("Keep the log small");
      expect((await cli("rule", "add", "Rules show up live")).code).toBe(0);
      const live = JSON.parse(await follower.line());
      expect(live).toMatchObject({ type: "RuleStored", source: "cli", data: { content: "Rules show up live" } });
      follower.kill("SIGINT");
      const { code, stderr } = await follower.exit();
      expect(stderr).toBe("");
      expect(code).toBe(0);
    } finally {
      follower.kill("SIGKILL");
    }
  });

  it("--memory shows every memory event and nothing else, on the fast path and through commander", async () => {
    const rule = /rule-[0-9a-f]{8}/.exec((await cli("rule", "add", "Retire me")).stdout)![0];
    expect((await cli("rule", "retire", rule, "--reason", "done")).code).toBe(0);
    const old = /dec-[0-9a-f]{8}/.exec((await cli("decision", "add", "Use h11", "--reasoning", "small")).stdout)![0];
    const next = /dec-[0-9a-f]{8}/.exec((await cli("decision", "add", "Use httpcore", "--reasoning", "pooling")).stdout)![0];
    expect((await cli("decision", "supersede", old, "--by", next)).code).toBe(0);
    expect((await cli("convention", "add", "--pattern", "Tests sit beside the code", "--example", "a.test.ts")).code).toBe(0);
    const memory = ["RuleStored", "RuleStored", "RuleStored", "RuleRetired", "DecisionRecorded", "DecisionRecorded", "DecisionSuperseded", "ConventionStored"];
    expect((await json("--memory")).map((e) => e.type)).toEqual(memory);
    // A repeated option sends main.ts past its fast path to commander (the last value wins there): both must agree.
    const table = await cli("log", "--memory", "--limit", "1", "--limit", "0");
    const rows = table.stdout.trimEnd().split("\n").slice(1);
    expect(rows.map((l) => l.split(/\s+/)[4])).toEqual(memory);
    expect(rows[0]).toContain("Keep the log small");
    const help = await cli("log", "--help");
    expect(help.stdout.replace(/\s+/g, " ")).toContain("--memory only rules, decisions and conventions: stored, retired, superseded");
    const both = await cli("log", "--memory", "--type", "FileParsed");
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^nemesis: --memory and --type both choose event types: give one[^\n]*\n$/);
  });
});
