import * as Either from "effect/Either";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { Engine, indexProject, inlineParser } from "../../../src/engine/index.js";
import { hashContent } from "../../../src/shared/sourceFile/hashContent.js";
import { ChunkReader } from "../../../src/projections/chunks/ChunkReader.js";
import { CatalogReader } from "../../../src/projections/index.js";
import { startWatcher, type BatchReport, type ProjectWatcher, type WatcherOptions } from "../../../src/sources/watcher/index.js";
import { CHILD_WAIT_MS } from "../../child.js";
import { initRepo, removeDir, tempDir, write } from "../scan/helpers.js";
import { projectContext } from "../../engine/helpers.js";

/** Folders the test never indexes: a dependency folder (a default) and one the project's .gitignore names. */
const UNINDEXED = new Set([".git", ".nemesis", "node_modules", "gen"]);

/** Every indexed file on disk and the hash of its bytes. */
export const diskHashes = (root: string, rel = ""): Map<string, string> => {
  const out = new Map<string, string>();
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    const path = rel === "" ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) {
      if (!UNINDEXED.has(e.name)) for (const [p, h] of diskHashes(root, path)) out.set(p, h);
    } else if (e.isFile() && e.name.endsWith(".py")) out.set(path, hashContent(readFileSync(join(root, path))));
  }
  return out;
};

/** The functions the files on disk define (`def name`): what the graph and the chunks must hold, no more. */
const diskFunctions = (root: string, files: Iterable<string>): string[] =>
  [...files].flatMap((p) => [...readFileSync(join(root, p), "utf8").matchAll(/^def (\w+)/gm)].map((m) => `${p}:${m[1]}`)).sort();

const sortedEntries = (m: ReadonlyMap<string, string>) => [...m.entries()].sort((a, b) => a[0].localeCompare(b[0]));

export interface LiveProject {
  readonly root: string;
  readonly engine: Engine;
  readonly watcher: ProjectWatcher;
  /** Every batch the watcher reported visible, in order. */
  readonly batches: BatchReport[];
  readonly warnings: string[];
  /**
   * What the read models hold (the catalog's and the graph's hash of every file, the graph's
   * functions, the chunk table's files and the functions its text holds) and what the disk says
   * they should, read at one moment.
   */
  view(): Promise<{ actual: object; expected: object }>;
  /** Waits (bounded) until every read model holds exactly the disk, then checks it once more. */
  seesTheDisk(what: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A project indexed with every read model (real SQLite, Kuzu and chunk table in a temp dir), its
 * engine following the log and a watcher appending to it, wired as the engine process wires them.
 */
export const liveProject = async (
  files: Record<string, string>,
  watcherOptions: Partial<Pick<WatcherOptions, "watch" | "config">> = {},
): Promise<LiveProject> => {
  const root = tempDir("nemesis-watch-");
  initRepo(root);
  write(root, ".gitignore", "gen/\n");
  for (const [path, text] of Object.entries(files)) write(root, path, text);
  const ctx = projectContext(root);
  const config = watcherOptions.config ?? ctx.config;
  await indexProject({ ...ctx, config }, { parser: inlineParser, threads: false });
  const engine = Either.getOrThrow(await Engine.open({ ...ctx, config }, { parser: inlineParser, threads: false }));
  const batches: BatchReport[] = [];
  const warnings: string[] = [];
  const errors: unknown[] = [];
  const watcher = await startWatcher({
    paths: ctx.paths,
    config,
    log: ctx.log,
    onBatch: (b) => batches.push(b),
    onWarning: (w) => warnings.push(w),
    ...(watcherOptions.watch ? { watch: watcherOptions.watch } : {}),
  });
  const stop = engine.follow({ intervalMs: 5, onCaughtUp: (_r, head) => watcher.projected(head), onError: (e) => errors.push(e) });
  await watcher.ready;

  /** One snapshot: what each read model holds, and what it should hold given the disk at that moment. */
  const view = async () => {
    const disk = sortedEntries(diskHashes(root));
    const functions = diskFunctions(root, disk.map(([p]) => p));
    const catalog = CatalogReader.open(ctx.paths.catalog);
    const catalogHashes = new Map(catalog.files().filter((f) => f.status === "parsed").map((f) => [f.path, f.content_hash ?? ""]));
    catalog.close();
    const graph = (await engine.graphQueryable())!;
    const graphHashes = new Map((await graph.query("MATCH (f:File) RETURN f.path AS path, f.hash AS hash")).map((r) => [String(r.path), String(r.hash)]));
    const graphFunctions = (await graph.query("MATCH (s:Symbol) WHERE s.kind = 'Function' RETURN s.path AS path, s.name AS name"))
      .map((r) => `${String(r.path)}:${String(r.name)}`)
      .sort();
    const reader = (await ChunkReader.open(ctx.paths.chunks))!;
    const rows = reader.db.prepare("SELECT path, text FROM chunks").all() as Array<{ path: string; text: string }>;
    reader.close();
    return {
      actual: {
        catalog: sortedEntries(catalogHashes),
        graph: { files: sortedEntries(graphHashes), functions: graphFunctions },
        chunks: {
          files: [...new Set(rows.map((r) => r.path))].sort(),
          functions: rows.flatMap((r) => [...r.text.matchAll(/^def (\w+)/gm)].map((m) => `${r.path}:${m[1]}`)).sort(),
        },
      },
      expected: { catalog: disk, graph: { files: disk, functions }, chunks: { files: disk.map(([p]) => p), functions } },
    };
  };

  const seesTheDisk = async (step: string) => {
    let last = await view();
    // Bounded only so that a failure shows what the read models hold; how soon is the bench's business.
    const deadline = Date.now() + CHILD_WAIT_MS;
    while (JSON.stringify(last.actual) !== JSON.stringify(last.expected) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      last = await view();
    }
    expect({ step, ...last.actual }).toEqual({ step, ...last.expected });
    if (errors.length > 0) throw new Error(`the engine failed to catch up after "${step}": ${String(errors[0])}`);
  };

  return {
    root,
    engine,
    watcher,
    batches,
    warnings,
    view,
    seesTheDisk,
    close: async () => {
      stop();
      await watcher.stop();
      await engine.close();
      ctx.close();
      removeDir(root);
    },
  };
};
