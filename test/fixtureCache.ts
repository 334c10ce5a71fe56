/**
 * Fixture projects indexed once per test run. Thirty-odd test files open the same few fixtures
 * (resolve/ts-basic, analysis/cycles, graph/repo, …) indexed with every read model; indexing one
 * costs seconds of parsing, resolution, Kuzu and LanceDB writes, the same bytes each time. The
 * first file that asks indexes it into the run's cache (a directory test/buildOnce.ts makes and
 * removes); every caller then gets its own copy, free to change, as if it had indexed it.
 *
 * Several vitest workers can ask at once: one takes the fixture's lock (an atomic mkdir holding
 * its pid) and builds beside the cache entry, then renames it into place; the others wait for
 * the rename, or take over the lock if its holder died.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { indexProject, inlineParser } from "../src/engine/index.js";
import { projectContext } from "./engine/helpers.js";
import { initRepo, removeDir, tempDir } from "./sources/scan/helpers.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's cache of indexed fixtures (test/buildOnce.ts). */
    indexedFixtureCache: string;
  }
}

const FIXTURES = join(import.meta.dirname, "..", "fixtures");
const WAIT_MS = 180_000;

/** A copy of `fixtures/<name>` as a git work tree, indexed (SQLite log, catalog, Kuzu, chunks) into `root`. */
const indexInto = async (name: string, root: string): Promise<void> => {
  cpSync(join(FIXTURES, name), root, { recursive: true });
  initRepo(root);
  const ctx = projectContext(root);
  try {
    await indexProject(ctx, { parser: inlineParser, threads: false });
  } finally {
    ctx.close();
  }
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pid in a lock, or 0 while its holder has not written it yet (or the lock just went). */
const lockHolder = (lock: string): number => {
  try {
    return Number(readFileSync(join(lock, "pid"), "utf8")) || 0;
  } catch {
    return 0;
  }
};

/** The run's indexed `fixtures/<name>`, built by whichever worker asks first. */
const cachedIndex = async (cache: string, name: string): Promise<string> => {
  const key = name.replaceAll("/", "__");
  const entry = join(cache, key);
  const lock = join(cache, `${key}.lock`);
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(entry)) {
    try {
      mkdirSync(lock);
    } catch {
      const holder = lockHolder(lock);
      if (holder > 0 && !alive(holder)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`fixtures/${name}: still being indexed by pid ${holder} after ${WAIT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    writeFileSync(join(lock, "pid"), String(process.pid));
    const building = join(cache, `${key}.building`);
    try {
      removeDir(building);
      mkdirSync(building);
      await indexInto(name, building);
      renameSync(building, entry);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return entry;
};

/**
 * A fresh temp directory holding `fixtures/<name>` as a git work tree with its index, as a
 * `nemesis index` of the fixture leaves it. Copied from the run's cache; timestamps are kept so
 * that a scan of the copy finds every file unchanged since it was indexed.
 */
export const indexedFixtureCopy = async (name: string): Promise<string> => {
  const root = tempDir("nemesis-fixture-");
  const cache = inject("indexedFixtureCache");
  if (cache === undefined) await indexInto(name, root);
  else cpSync(await cachedIndex(cache, name), root, { recursive: true, preserveTimestamps: true });
  return root;
};
