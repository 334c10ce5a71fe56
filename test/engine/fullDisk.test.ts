import * as Either from "effect/Either";
import { spawnSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statfsSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { initProject } from "../../src/cli/subcommands/init.js";
import { Engine, inlineParser } from "../../src/engine/index.js";
import { closeEventLog, openEventLog, readEvents } from "../../src/events/index.js";
import { engineQueries } from "../../src/engine/index.js";
import { toolContext } from "../../src/mcp/ToolContext.js";
import { ALL_TOOLS, callTool } from "../../src/mcp/registry.js";
import { runCli, tempDir } from "../helpers.js";
import { projectContext } from "./helpers.js";
import { readModelsOf } from "./readModels.js";

const MB = 1024 * 1024;
/** The filesystem the test makes: the project, its index and the ballast that fills it. */
const FILESYSTEM_MB = 50;
/** Source files of the project: ~1.2 MB of Python, ~20 MB once indexed (the log ~5 MB, the graph ~8 MB, the chunks ~7 MB). */
const FILES = 100;

let cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/** Mounts a tmpfs of `mb` MB at `dir`; the reason when this machine cannot (not Linux, not root, no mount allowed). */
const mountTmpfs = (dir: string, mb: number): string | null => {
  if (process.platform !== "linux") return "a tmpfs of its own needs Linux";
  if (process.getuid?.() !== 0) return "mounting a tmpfs needs root";
  const r = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${mb}m`, "tmpfs", dir], { encoding: "utf8" });
  if (r.status !== 0) return `mount -t tmpfs was refused (${(r.stderr || r.error?.message || "").trim()})`;
  return null;
};

const unmount = (dir: string): void => {
  if (spawnSync("umount", [dir]).status !== 0) spawnSync("umount", ["-l", dir]);
  rmSync(dir, { recursive: true, force: true });
};

/** `files` Python modules of classes, methods and functions that call each other and import across packages. */
const writeProject = (root: string, files: number): void => {
  const perPackage = 25;
  const packages = Math.ceil(files / perPackage);
  for (let f = 0; f < files; f++) {
    const pkg = Math.floor(f / perPackage);
    const mod = f % perPackage;
    let text = `from pkg${(pkg + 1) % packages}.mod${mod} import helper_${(f + perPackage) % files}_0\n\n`;
    for (let k = 0; k < 20; k++) {
      text +=
        `class Widget${f}_${k}:\n    """A widget number ${k} that does things with ${f}."""\n    def __init__(self, value):\n        self.value = value\n\n` +
        `    def compute_${k}(self, x, y):\n        total = self.value + x * y - ${k}\n        for i in range(${k}):\n            total += helper_${f}_${k}(i)\n        return total\n\n` +
        `def helper_${f}_${k}(n):\n    """Helper ${k} of file ${f}: returns a transformed value."""\n    if n % 2 == 0:\n        return n * ${k} + ${f}\n    return n - ${k}\n\n`;
    }
    mkdirSync(join(root, `pkg${pkg}`), { recursive: true });
    writeFileSync(join(root, `pkg${pkg}`, `mod${mod}.py`), text);
  }
};

const freeOn = (dir: string): number => {
  const s = statfsSync(dir);
  return Number(s.bavail) * Number(s.bsize);
};

/** Fills the filesystem at `dir` with a ballast file until about `free` bytes are left (none: the ballast is gone). */
/**
 * How long one index of the project may take before it counts as hung: a few seconds alone, but
 * the whole suite beside it on two cores made one take over the 45 s every other spawn gets.
 */
const INDEX_WAIT_MS = 150_000;

const leaveFree = (dir: string, free: number | null): void => {
  const ballast = join(dir, "ballast");
  rmSync(ballast, { force: true });
  if (free === null) return;
  let left = freeOn(dir) - free;
  const block = Buffer.alloc(MB);
  const fd = openSync(ballast, "w");
  try {
    while (left > 0) left -= writeSync(fd, block, 0, Math.min(MB, left));
  } finally {
    closeSync(fd);
  }
};

/** Positions whose append returned, from the `EventLog.appended <first>-<last>` lines of a trace. */
const acknowledgedPositions = (trace: string): number[] =>
  [...trace.matchAll(/ EventLog\.appended (\d+)-(\d+)$/gm)].flatMap((m) => {
    const [first, last] = [Number(m[1]), Number(m[2])];
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  });

const storedPositions = (root: string): Set<number> => {
  const log = openEventLog(join(root, ".nemesis", "events.db"), { readonly: true });
  try {
    return new Set(readEvents(log).map((e) => e.position));
  } finally {
    closeEventLog(log);
  }
};

const countOf = (root: string, type: string): number => {
  const log = openEventLog(join(root, ".nemesis", "events.db"), { readonly: true });
  try {
    return readEvents(log).filter((e) => e.type === type).length;
  } finally {
    closeEventLog(log);
  }
};

/** `nemesis index` failed with exit code 1 and one line on stderr: the disk is full, where, and what to run then. */
const saysTheDiskIsFull = (run: { code: number; stderr: string }, root: string): void => {
  expect(run.code, run.stderr).toBe(1);
  const lines = run.stderr.trim().split("\n");
  expect(lines, "one line, no stack trace").toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^nemesis: the disk is full: no room to write in ${root}/\\.nemesis \\(\\d+(\\.\\d)? MB left`));
  expect(lines[0]).toContain("then run `nemesis index` again");
};

describe("indexing a project larger than its disk", () => {
  it("stops with one clear message wherever the disk fills, keeps every acknowledged event, and resumes to a fresh index's read models", async (ctx) => {
    const t = tempDir("nemesis-fulldisk-");
    cleanups.push(t.cleanup);
    const mount = join(t.dir, "fs");
    mkdirSync(mount);
    const refused = mountTmpfs(mount, FILESYSTEM_MB);
    if (refused !== null) ctx.skip(`${refused}: the full-disk test needs a small filesystem of its own`);
    cleanups.push(() => unmount(mount));
    const root = join(mount, "project");
    writeProject(root, FILES);
    initProject(root);
    const tracePath = join(t.dir, "index.trace");

    // 1. Room for the scan's events, not for the parses: the log fills (SQLITE_FULL) under `nemesis index`.
    leaveFree(mount, 3 * MB);
    const first = runCli(root, ["index", "--no-progress"], undefined, { NEMESIS_TRACE: tracePath }, INDEX_WAIT_MS);
    saysTheDiskIsFull(first, root);
    expect(countOf(root, "FileParsed"), "the log filled while parsing").toBeLessThan(FILES);
    // Every event whose append returned is in the log.
    const acknowledged = acknowledgedPositions(readFileSync(tracePath, "utf8"));
    expect(acknowledged.length).toBeGreaterThan(FILES);
    const stored = storedPositions(root);
    expect(acknowledged.filter((p) => !stored.has(p))).toEqual([]);

    // 2. Room for the rest of the log, not for the read models: the graph or the chunk table would fill it.
    leaveFree(mount, 12 * MB);
    saysTheDiskIsFull(runCli(root, ["index", "--no-progress"], undefined, {}, INDEX_WAIT_MS), root);
    expect(countOf(root, "FileParsed"), "the log took every parse this time").toBe(FILES);
    const stillStored = storedPositions(root);
    expect(acknowledged.filter((p) => !stillStored.has(p))).toEqual([]);

    // 3. The same through index_project on a serving engine: as clear, and once space is freed the
    // same engine (whose graph write was refused) finishes the index.
    const project = projectContext(root);
    const engine = Either.getOrThrow(await Engine.open(project, { parser: inlineParser, threads: false }));
    const models = engineQueries(engine);
    let closed = false;
    const closeEngine = async () => {
      if (closed) return;
      closed = true;
      await models.close();
      await engine.close();
      project.close();
    };
    cleanups.push(closeEngine);
    const tool = toolContext(models, { name: "test", source: "mcp" });
    const bugs: unknown[] = [];
    const refusedByServer = await callTool(ALL_TOOLS, "index_project", {}, tool, (e) => bugs.push(e));
    expect(refusedByServer.isError, refusedByServer.content[0]!.text).toBe(true);
    expect(refusedByServer.content[0]!.text).toMatch(new RegExp(`^the disk is full: no room to write in ${root}/\\.nemesis`));
    expect(refusedByServer.content[0]!.text).toContain("then call index_project again");
    leaveFree(mount, null);
    const done = await callTool(ALL_TOOLS, "index_project", {}, tool, (e) => bugs.push(e));
    expect(done.isError, done.content[0]!.text).toBeUndefined();
    expect(bugs).toEqual([]);
    await closeEngine();
    // And `nemesis index` afterwards finds nothing left to do.
    const last = runCli(root, ["index", "--no-progress", "--json"], undefined, {}, INDEX_WAIT_MS);
    expect(last.code, last.stderr).toBe(0);
    expect((JSON.parse(last.stdout) as { files: { changed: number } }).files.changed).toBe(0);

    // The read models equal a fresh index of the same files on a disk with room.
    const fresh = join(t.dir, "fresh");
    writeProject(fresh, FILES);
    initProject(fresh);
    const freshRun = runCli(fresh, ["index", "--no-progress"], undefined, {}, INDEX_WAIT_MS);
    expect(freshRun.code, freshRun.stderr).toBe(0);
    const [resumed, expected] = [await readModelsOf(root), await readModelsOf(fresh)];
    expect(resumed.graph.length).toBeGreaterThan(FILES);
    expect(resumed.chunks.length).toBeGreaterThan(FILES);
    expect(resumed).toEqual(expected);
  }, 600_000);
});
