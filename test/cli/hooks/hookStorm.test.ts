import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as Either from "effect/Either";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFileChanges } from "../../../src/commands/recordFileChanges.js";
import { scanProject } from "../../../src/sources/scan/index.js";
import { Engine, inlineParser } from "../../../src/engine/index.js";
import { headPosition, readEvents } from "../../../src/events/index.js";
import { hashContent } from "../../../src/shared/sourceFile/hashContent.js";
import { CatalogReader } from "../../../src/projections/index.js";
import { startNode } from "../../child.js";
import { git, initRepo, removeDir, SCAN_DEFAULTS, tempDir, write } from "../../sources/scan/helpers.js";
import { projectContext } from "../../engine/helpers.js";
import { hookInput, removeStateHome, runCli } from "./hookCli.js";

/**
 * 8 processes × 500 file-changed calls while the engine projects a branch switch. Each call
 * goes through the entry `nemesis hook file-changed` itself runs (runAnyHook, the built modules)
 * inside 8 real processes: 4,000 process starts would take ~10 minutes of this two-core machine,
 * and what the storm tests is the log under concurrent writers and an engine following it, which
 * 8 processes appending at once exercise just the same. A few real `nemesis hook file-changed`
 * processes run alongside. Afterwards every call is an event in the log, and the read models
 * (catalog and graph) hold exactly what is on disk.
 */
const WORKERS = 8;
const CALLS = 500;
const REAL_PROCESSES = 2;
const REAL_CALLS = 5;
/**
 * How long a storm process may take to exit. Only a failure waits this long: it names the
 * process that never ended. Eight processes of 500 calls on a loaded two-core machine (CI runs
 * other test files beside this one) take minutes, and a hook CLI started among them waits for
 * the CPU and for SQLite's write lock, so the children's usual bound (test/child.ts) is too short.
 */
const STORM_WAIT_MS = 300_000;

const source = (i: number, next: number | null, version: string) =>
  `${next === null ? "" : `import { f${next} } from "./m${next}";\n`}export function f${i}(x: number): number {\n  return ${next === null ? "x" : `f${next}(x)`} + ${i}; // ${version}\n}\n`;

describe("a hook storm during a branch switch", () => {
  const root = tempDir("nemesis-storm-");
  const ctx = projectContext(root);
  let base = "";

  beforeAll(() => {
    initRepo(root);
    // main: 120 modules in a chain of imports; the branch edits 80, deletes 20 and adds 30.
    for (let i = 0; i < 120; i++) write(root, `src/m${i}.ts`, source(i, i + 1 < 120 ? i + 1 : null, "main"));
    git(root, "add", "-A");
    git(root, "commit", "-qm", "main");
    base = git(root, "rev-parse", "--abbrev-ref", "HEAD").toString().trim();
    git(root, "checkout", "-qb", "feature");
    for (let i = 0; i < 80; i++) write(root, `src/m${i}.ts`, source(i, i + 1 < 120 ? i + 1 : null, "feature"));
    for (let i = 100; i < 120; i++) rmSync(join(root, `src/m${i}.ts`));
    write(root, "src/m99.ts", source(99, null, "feature"));
    for (let i = 0; i < 30; i++) write(root, `src/added/a${i}.ts`, `import { f${i} } from "../m${i}";\nexport const a${i} = f${i}(${i});\n`);
    git(root, "add", "-A");
    git(root, "commit", "-qm", "feature");
    git(root, "checkout", "-q", base);
  });
  afterAll(() => {
    ctx.close();
    removeDir(root);
    removeStateHome();
  });

  it("every call is in the log and the read models catch up to the disk", async () => {
    const engine = Either.getOrThrow(await Engine.open(ctx, { parser: inlineParser, projections: ["catalog", "graph"] }));
    const errors: unknown[] = [];
    let stop = () => {};
    try {
      recordFileChanges(ctx.log, await scanProject(root, SCAN_DEFAULTS), { meta: { source: "test" } });
      await engine.catchUp();
      stop = engine.follow({ intervalMs: 5, onError: (e) => errors.push(e) });

      // The branch switch, recorded as the watcher would; the engine projects it during the storm.
      // Recorded before the storm starts: a scan that read a storm file the hook had not yet
      // recorded would append its content first, and the hook would rightly find nothing new.
      git(root, "checkout", "-q", "feature");
      recordFileChanges(ctx.log, await scanProject(root, SCAN_DEFAULTS), { meta: { source: "watcher" } });
      const stormStart = headPosition(ctx.log);
      const storm = Array.from({ length: WORKERS }, (_, w) => startNode(join(import.meta.dirname, "children", "storm.mjs"), [root, String(w), String(CALLS)], { name: `storm ${w}`, waitMs: STORM_WAIT_MS }));
      const real = Array.from({ length: REAL_PROCESSES }, async (_, p) => {
        mkdirSync(join(root, "storm", `real${p}`), { recursive: true });
        for (let i = 0; i < REAL_CALLS; i++) {
          const file = join(root, "storm", `real${p}`, `r${i}.ts`);
          writeFileSync(file, `export const r${p}_${i} = ${i};\n`);
          const r = await runCli(root, ["hook", "file-changed"], hookInput(root, "PostToolUse", { session_id: `real-${p}`, tool_name: "Edit", tool_input: { file_path: file } }), {}, STORM_WAIT_MS);
          expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 0, stdout: "", stderr: "" });
        }
      });
      const exits = await Promise.all(storm.map((c) => c.exit()));
      await Promise.all(real);
      // The engine parsed while the storm ran, not only after it. (A pass that reports itself
      // caught up may never come while hooks keep appending: the reactor follows the head.)
      const stormEnd = headPosition(ctx.log);
      expect(readEvents(ctx.log, { after: stormStart, before: stormEnd + 1, types: ["FileParsed"] }).length).toBeGreaterThan(0);
      for (const e of exits) expect({ code: e.code, stdout: e.stdout, stderr: e.stderr }).toEqual({ code: 0, stdout: `done ${CALLS}\n`, stderr: "" });

      // Every content a call reported is a FileChanged in the log. Most are the hook's own, with
      // the session it came from; the parse reactor, finding a file rewritten since its event,
      // records the newer content itself (source engine), and the hook that follows then finds
      // it recorded already: not lost, only recorded once.
      const changes = readEvents(ctx.log).filter((e) => e.type === "FileChanged");
      const recorded = new Set(changes.map((e) => `${(e.data as { path: string }).path}@${(e.data as { contentHash: string }).contentHash}`));
      const missing: string[] = [];
      for (let w = 0; w < WORKERS; w++) {
        for (let i = 0; i < CALLS; i++) {
          const key = `storm/w${w}/f${i % 25}.ts@${hashContent(Buffer.from(`export const w${w}_${i} = ${i};\n`))}`;
          if (!recorded.has(key)) missing.push(key);
        }
      }
      const hookLog = join(root, ".nemesis", "logs", "hooks.log");
      expect(missing, `hooks.log:\n${existsSync(hookLog) ? readFileSync(hookLog, "utf8").slice(-4000) : "(none)"}`).toEqual([]);
      const bySession = new Map<string, number>();
      for (const e of changes.filter((e) => e.meta.source === "hook")) bySession.set(e.meta.session!, (bySession.get(e.meta.session!) ?? 0) + 1);
      const stormPaths = changes.filter((e) => (e.data as { path: string }).path.startsWith("storm/w"));
      expect(stormPaths.length).toBeGreaterThanOrEqual(WORKERS * CALLS);
      for (let w = 0; w < WORKERS; w++) expect(bySession.get(`storm-${w}`)).toBeGreaterThan(CALLS * 0.9);
      for (let p = 0; p < REAL_PROCESSES; p++) expect(bySession.get(`real-${p}`)).toBe(REAL_CALLS);
      expect(new Set(stormPaths.map((e) => e.meta.source))).toEqual(new Set(["hook", ...(stormPaths.some((e) => e.meta.source === "engine") ? ["engine"] : [])]));

      // The read models catch up to exactly what is on disk: every file at its hash, nothing else.
      const disk = await scanProject(root, SCAN_DEFAULTS);
      const onDisk = Object.fromEntries(disk.files.map((f) => [f.path, f.contentHash]));
      expect(Object.keys(onDisk).length).toBe(120 - 20 + 30 + WORKERS * 25 + REAL_PROCESSES * REAL_CALLS);
      expect(onDisk["src/m0.ts"]).toBe(hashContent(readFileSync(join(root, "src/m0.ts"))));
      const catalogState = () => {
        const reader = CatalogReader.open(ctx.paths.catalog);
        try {
          return Object.fromEntries(reader.files().filter((f) => f.status === "parsed").map((f) => [f.path, f.content_hash]));
        } finally {
          reader.close();
        }
      };
      // Bounded only so that a failure shows what never caught up; how soon belongs in the bench.
      await expect.poll(catalogState, { timeout: 240_000, interval: 200 }).toEqual(onDisk);
      const graph = (await engine.graphQueryable())!;
      await expect
        .poll(async () => (await graph.query("MATCH (f:File) RETURN f.path AS path ORDER BY path")).map((r) => String(r.path)), { timeout: 120_000, interval: 200 })
        .toEqual(Object.keys(onDisk).sort());
      expect(errors).toEqual([]);
    } finally {
      stop();
      await engine.close();
    }
  }, 600_000);
});
