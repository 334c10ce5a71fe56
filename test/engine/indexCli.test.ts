import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, cpSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as Either from "effect/Either";
import { afterEach, describe, expect, it } from "vitest";
import { acquireEngineLock } from "../../src/engine/index.js";
import { startNode } from "../child.js";
import { CLI, runCli, tempDir } from "../helpers.js";
import { runCliInProcess } from "../cli/runCliInProcess.js";
import { FIXTURES, git, hasGit, initRepo } from "../sources/scan/helpers.js";

describe("nemesis index / status (built CLI)", () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  // The built CLI for the first index and while an engine holds the lock; status and the second
  // index run in this process (the same code, no spawn).
  it("indexes a fresh directory (initialising it), reports stale files, and re-indexes only what changed", async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    cpSync(join(FIXTURES, "basic"), t.dir, { recursive: true });
    initRepo(t.dir);
    const first = runCli("/", ["index", t.dir, "--json"]);
    expect(first.stderr).toBe(`created a Nemesis project in ${t.dir} (.nemesis/, added to .gitignore)\n`);
    expect(first.code).toBe(0);
    expect(existsSync(join(t.dir, ".nemesis", "events.db"))).toBe(true);
    const summary = JSON.parse(first.stdout);
    expect(summary.files).toMatchObject({ scanned: 5, changed: 5, deleted: 0 });
    expect(summary.parse.parsed).toBe(5);
    expect(summary.graph.files).toBe(5);
    // Nothing committed yet: no history, and nothing to complain about.
    if (hasGit) expect(summary.history).toEqual({ available: true, observed: 0, note: null });

    let status = JSON.parse((await runCliInProcess(t.dir, ["status", "--json"])).stdout);
    expect(status.stale).toEqual({ changed: [], missing: [], outdated: [] });
    expect(status.parse.behind).toBe(0);
    expect(status.projections.catalog.behind).toBe(0);
    expect(status.graph.symbols.Function).toBeGreaterThan(0);

    writeFileSync(join(t.dir, "src/math.ts"), "export function add(a: number, b: number): number {\n  return b + a;\n}\n");
    writeFileSync(join(t.dir, "src/tool.py"), "def hello():\n    return \"hi\"\n"); // same bytes, new mtime
    status = JSON.parse((await runCliInProcess(t.dir, ["status", "--json"])).stdout);
    expect(status.stale).toEqual({ changed: ["src/math.ts"], missing: [], outdated: [] });

    if (hasGit) {
      git(t.dir, "add", "-A");
      git(t.dir, "commit", "-q", "-m", "first");
    }
    const text = await runCliInProcess(t.dir, ["index"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/1 changed, 4 unchanged, 0 deleted/);
    if (hasGit) expect(text.stdout).toMatch(/^history {3}1 new commit recorded$/m);
    expect(text.stdout).toMatch(/^nodes .*Function/m);
    expect(JSON.parse((await runCliInProcess(t.dir, ["status", "--json"])).stdout).stale).toEqual({ changed: [], missing: [], outdated: [] });
    // A file the catalog says an older extractor parsed is named (the next index parses it again).
    const catalog = new Database(join(t.dir, ".nemesis", "catalog.db"));
    catalog.prepare("UPDATE files SET parser_version = 'ts-extract-0' WHERE path = 'src/tool.py'").run();
    catalog.close();
    expect(JSON.parse((await runCliInProcess(t.dir, ["status", "--json"])).stdout).stale).toEqual({ changed: [], missing: [], outdated: ["src/tool.py"] });
    expect((await runCliInProcess(t.dir, ["status"])).stdout).toMatch(/^stale {5}1 parsed by an older version of Nemesis: run nemesis index$/m);

    // While an engine owns the read models, status must not open Kuzu: it names the engine instead.
    const lock = Either.getOrThrow(acquireEngineLock(join(t.dir, ".nemesis", "engine.lock")));
    try {
      const busy = runCli(t.dir, ["status"]);
      expect(busy.code).toBe(0);
      expect(busy.stdout).toContain(`engine    pid ${process.pid} owns the read models`);
      const indexed = JSON.parse(runCli(t.dir, ["index", "--json"]).stdout);
      expect(indexed).toMatchObject({ engineBusy: process.pid, parse: null });
    } finally {
      lock.release();
    }
  });

  it("records permission denied as a skip (run as an unprivileged user, since root reads chmod 000 files)", async (ctx) => {
    if (typeof process.getuid !== "function" || process.getuid() !== 0) {
      ctx.skip("not root: test/sources/scan covers EACCES in-process");
    }
    const nobody = 65534;
    // A checkout under a private directory (a 0700 mktemp) cannot be loaded by that user at all.
    const probe = spawnSync(process.execPath, ["-e", `require("fs").accessSync(${JSON.stringify(CLI)})`], { uid: nobody, gid: nobody, cwd: "/" });
    if (probe.status !== 0) ctx.skip(`uid ${nobody} cannot read ${CLI} (a parent directory is private), so the CLI cannot run as that user`);
    const t = tempDir();
    cleanup = t.cleanup;
    writeFileSync(join(t.dir, "good.ts"), "export const good = 1;\n");
    writeFileSync(join(t.dir, "locked.ts"), "export const locked = 1;\n");
    chmodSync(join(t.dir, "locked.ts"), 0);
    chownSync(t.dir, nobody, nobody);
    chownSync(join(t.dir, "good.ts"), nobody, nobody);
    const index = startNode(CLI, ["index", t.dir, "--json"], { uid: nobody, gid: nobody, cwd: "/" });
    index.end();
    const r = await index.exit();
    expect(r.stderr).toBe(`created a Nemesis project in ${t.dir} (.nemesis/, added to .gitignore)\n`);
    const summary = JSON.parse(r.stdout);
    expect(summary.files.skipped).toEqual({ "unreadable: EACCES": 1 });
    expect(summary.parse.parsed).toBe(1);
  });
});
