import { spawn } from "node:child_process";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MEMORY_EVENT_TYPES } from "../../src/events/index.js";
import { CLI, REPO_ROOT, tempDir } from "../helpers.js";
import type { CliResult } from "./spawnCli.js";

const INSTALL = "npm install && npm run build && ";

/** The one command line of the README's "Quick start" (the first bash block after its heading). */
const quickStart = (): string => {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("\n## Quick start\n"));
  const block = /```bash\n([\s\S]*?)```/.exec(section)?.[1]?.trim() ?? "";
  expect(block.startsWith(INSTALL), "the quick start begins with install and build").toBe(true);
  return block.slice(INSTALL.length).replaceAll("node dist/cli.js", `'${process.execPath}' '${CLI}'`);
};

/** Bash, as the README says; offline embeddings: without OPENAI_API_KEY the provider is the built-in default. */
const runShell = (cwd: string, line: string): Promise<CliResult> =>
  new Promise((resolve, reject) => {
    const { OPENAI_API_KEY: _key, ...env } = process.env;
    const p = spawn("bash", ["-c", line], { cwd, env: { ...env, NO_COLOR: "1", NEMESIS_ACTOR: "tester" } });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d) => (stdout += d));
    p.stderr.on("data", (d) => (stderr += d));
    p.on("error", reject);
    p.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });

/** The rows of the last table printed (`log --memory` ends the quick start): type and the entry's id. */
const lastLogRows = (stdout: string) => {
  const lines = stdout.trimEnd().split("\n");
  const header = lines.findLastIndex((l) => /^\s*position\s+time\s+type\s+stream\s+source\s+summary$/.test(l));
  expect(header, "the quick start ends with a log table").toBeGreaterThanOrEqual(0);
  return lines.slice(header + 1).map((l) => ({ type: l.trim().split(/\s+/)[3] ?? "", id: /\s((?:rule|dec|conv)-[0-9a-f]{8}):/.exec(l)?.[1] ?? "", line: l }));
};

describe("the README's quick start", () => {
  const t = tempDir("nemesis-quick-start-");
  cpSync(join(REPO_ROOT, "fixtures", "graph", "repo"), t.dir, { recursive: true });
  afterAll(() => t.cleanup());

  it("runs twice in a fresh directory: memory once in `log --memory`, search answers both times", async () => {
    const line = quickStart();
    const first = await runShell(t.dir, line);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const rows = lastLogRows(first.stdout);
    expect(rows.map((r) => r.type)).toEqual(expect.arrayContaining(["RuleStored", "DecisionRecorded"]));
    for (const r of rows) {
      expect(MEMORY_EVENT_TYPES as ReadonlyArray<string>, r.line).toContain(r.type);
      expect(r.id, r.line).not.toBe("");
    }

    const second = await runShell(t.dir, line);
    expect(second.stderr).toBe("");
    expect(second.code).toBe(0);
    // Nothing is recorded twice: the second run reports each entry the first one stored.
    expect(lastLogRows(second.stdout)).toEqual(rows);
    for (const r of rows) expect(second.stdout).toContain(`Already recorded as ${r.id}; nothing stored`);

    for (const run of [first, second]) {
      expect(run.stdout).toMatch(/^\S+:\d+-\d+ {2}\S.* \(\d\.\d{3}\)$/m);
      expect(run.stdout).toMatch(/^[\d,]+ chunks searched in \d+ ms/m);
    }
  });
});
