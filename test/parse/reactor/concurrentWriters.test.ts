import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordFileChanges } from "../../../src/commands/recordFileChanges.js";
import { inlineParser } from "../../../src/engine/index.js";
import { closeEventLog, openEventLog, readEvents, type LogHandle } from "../../../src/events/index.js";
import { ParseReactor } from "../../../src/parse/reactor/index.js";
import { scanProject } from "../../../src/sources/scan/index.js";
import { startNode } from "../../child.js";
import { removeDir, SCAN_DEFAULTS, tempDir, write } from "../../sources/scan/helpers.js";

/**
 * A second process appends to the same file streams as fast as it can while the parse reactor
 * and a scan's recordFileChanges append theirs. Every conflict they meet is another writer's
 * progress: each must decide again against the stream as it is now and finish, never fail.
 */
const FILES = 200;
const RIVALS = 4;
const RIVAL_MS = 2_000;

describe("appends that meet a concurrent writer", () => {
  let root: string;
  let logDir: string;
  let log: LogHandle;
  beforeEach(() => {
    root = tempDir("nemesis-rival-");
    logDir = tempDir("nemesis-rival-log-");
    log = openEventLog(join(logDir, "events.db"));
    for (let i = 0; i < FILES; i++) write(root, `src/f${i}.ts`, `export const f${i} = ${i};\n`);
  });
  afterEach(() => {
    closeEventLog(log);
    removeDir(root);
    removeDir(logDir);
  });

  it("the parse reactor and a scan both finish while another process writes to their streams", async () => {
    const rivals = Array.from({ length: RIVALS }, (_, r) =>
      startNode(join(import.meta.dirname, "children", "rewriter.mjs"), [join(logDir, "events.db"), String(FILES), String(RIVAL_MS)], { name: `rival writer ${r}` }),
    );
    await Promise.all(rivals.map((r) => r.line()));
    let rivalDone = false;
    const exited = Promise.all(rivals.map((r) => r.exit())).finally(() => (rivalDone = true));
    const reactor = new ParseReactor(log, { root, parser: inlineParser, batchSize: 128, maxFileBytes: 1_000_000, maxLineLength: 10_000, budgetMs: 5_000 });
    let rounds = 0;
    while (!rivalDone) {
      for (let i = 0; i < FILES; i++) write(root, `src/f${i}.ts`, `export const f${i} = ${i * 1000 + rounds};\n`);
      recordFileChanges(log, await scanProject(root, SCAN_DEFAULTS), { meta: { source: "test" }, batchSize: 64 });
      await reactor.catchUp();
      rounds++;
    }
    for (const done of await exited) expect(done.code, done.stderr).toBe(0);
    expect(rounds).toBeGreaterThan(0);
    // Once the rival is gone, one more pass leaves every file parsed at the content on disk.
    recordFileChanges(log, await scanProject(root, SCAN_DEFAULTS), { meta: { source: "test" } });
    await reactor.catchUp();
    const parsed = new Set(
      readEvents(log, { types: ["FileParsed"] }).map((e) => `${(e.data as { path: string }).path}@${(e.data as { contentHash: string }).contentHash}`),
    );
    const disk = await scanProject(root, SCAN_DEFAULTS);
    expect(disk.files.length).toBe(FILES);
    expect(disk.files.filter((f) => !parsed.has(`${f.path}@${f.contentHash}`)).map((f) => f.path)).toEqual([]);
  }, 120_000);

  it("a hook's record of one file finishes while other processes hammer that file's stream", async () => {
    const rivals = Array.from({ length: RIVALS }, (_, r) =>
      startNode(join(import.meta.dirname, "children", "rewriter.mjs"), [join(logDir, "events.db"), "1", String(RIVAL_MS / 2), "0"], { name: `rival writer ${r}` }),
    );
    await Promise.all(rivals.map((r) => r.line()));
    let rivalDone = false;
    const exited = Promise.all(rivals.map((r) => r.exit())).finally(() => (rivalDone = true));
    let calls = 0;
    while (!rivalDone) {
      write(root, "src/f0.ts", `export const f0 = ${calls};\n`);
      const scanned = await scanProject(root, SCAN_DEFAULTS);
      recordFileChanges(log, { files: scanned.files.filter((f) => f.path === "src/f0.ts"), skipped: [], paths: ["src/f0.ts"] }, { meta: { source: "hook" } });
      calls++;
    }
    for (const done of await exited) expect(done.code, done.stderr).toBe(0);
    // The last content the hook saw is the newest FileChanged of its stream: nothing it recorded was lost.
    const last = readEvents(log, { types: ["FileChanged"] }).filter((e) => e.stream === "file:src/f0.ts").at(-1)!;
    expect(last.meta.source).toBe("hook");
    expect(calls).toBeGreaterThan(0);
  }, 120_000);
});
