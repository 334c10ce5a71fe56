import Database from "better-sqlite3";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeEventLog, openEventLog } from "../../../src/events/index.js";
import type { Resolver } from "../../../src/projections/graph/model.js";
import { createResolver } from "../../../src/projections/graph/resolve/index.js";
import { ResolutionCache, resolutionCachePath, type CachedResolution } from "../../../src/projections/graph/ResolutionCache.js";
import { catchUp } from "../../../src/projections/runProjector.js";
import { tempDir } from "../../helpers.js";
import { openGraph } from "./harness.js";
import { SourceRepo } from "./sourceRepo.js";

let cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/** The real resolver, counting the files it resolves. */
const counted = () => {
  const count = { resolved: 0 };
  const make = (): Resolver => {
    const r = createResolver();
    return {
      ...r,
      resolve: (path) => {
        count.resolved++;
        return r.resolve(path);
      },
    };
  };
  return { count, make };
};

/**
 * A graph of fixtures/graph/repo built from an empty store, which leaves no cache behind unless
 * built `alongside` another projector's thread (as a cold index is).
 */
const built = async (alongside = false) => {
  const t = tempDir("nemesis-graph-cache-");
  cleanups.push(t.cleanup);
  const log = openEventLog(join(t.dir, "g-events.db"));
  cleanups.push(() => closeEventLog(log));
  const { count, make } = counted();
  let g = await openGraph(t.dir, { log, resolver: make });
  const repo = new SourceRepo(log);
  repo.indexAll();
  await catchUp(log, g.projector, { alongside });
  await g.projector.close();
  const cache = resolutionCachePath(join(t.dir, "g.kuzu"));
  /** Reopens the graph, applies one edit, and says how many files were resolved for it. */
  const restartAndEdit = async (path: string, text: string): Promise<number> => {
    g = await openGraph(t.dir, { log, resolver: make });
    repo.write(path, text);
    count.resolved = 0;
    await catchUp(log, g.projector);
    const n = count.resolved;
    await g.projector.close();
    return n;
  };
  /** The graph as it stands equals a fresh index of the same files. */
  const expectFresh = async () => {
    g = await openGraph(t.dir, { log, resolver: make });
    const dump = await g.reader.dump();
    await g.projector.close();
    const freshLog = openEventLog(join(t.dir, "fresh-events.db"));
    repo.indexFreshInto(freshLog);
    const fresh = await openGraph(t.dir, { name: "fresh", log: freshLog, resolver: createResolver, fresh: true });
    await catchUp(freshLog, fresh.projector);
    expect(dump).toEqual(await fresh.reader.dump());
    await fresh.close();
    closeEventLog(freshLog);
  };
  return { t, log, repo, cache, restartAndEdit, expectFresh, files: () => repo.files.size };
};

const LEAF = "src/index.ts";
const USER = "src/models/user.ts";

const setPosition = (cache: string, position: number) => {
  const db = new Database(cache);
  db.prepare("UPDATE meta SET position = ?").run(position);
  db.close();
};

describe("the graph's resolution cache", () => {
  it("is written by the first restart that resolves every file, and spares the next one that work; deltas stay exact", async () => {
    const b = await built();
    expect(existsSync(b.cache)).toBe(false);
    const text = b.repo.files.get(LEAF)!;
    const first = await b.restartAndEdit(LEAF, `${text}\n// one\n`);
    expect(first).toBeGreaterThanOrEqual(b.files() - 1);
    expect(existsSync(b.cache)).toBe(true);
    // Deltas keep it in step. A restart from it must still know who depends on what: renaming
    // makeUser leaves its callers in admin.ts and auth.ts unresolved, naming it back resolves them.
    const user = b.repo.files.get(USER)!;
    const renamed = await b.restartAndEdit(USER, user.replaceAll("makeUser", "createUser"));
    expect(renamed).toBeGreaterThanOrEqual(3);
    expect(renamed).toBeLessThan(first - 2);
    await b.expectFresh();
    expect(await b.restartAndEdit(USER, user)).toBeLessThan(first - 2);
    await b.expectFresh();
  });

  it("is written by a build from empty alongside another projector's thread (a cold index): the first restart restores it", async () => {
    const b = await built(true);
    expect(existsSync(b.cache)).toBe(true);
    const text = b.repo.files.get(LEAF)!;
    expect(await b.restartAndEdit(LEAF, `${text}\n// one\n`)).toBeLessThan(b.files() / 2);
    await b.expectFresh();
  });

  it("is done without when it cannot be written at all: the graph still follows every edit exactly", async () => {
    const b = await built();
    // A directory where the cache file would go: SQLite can neither open nor replace it.
    mkdirSync(join(b.cache, "blocked"), { recursive: true });
    const text = b.repo.files.get(LEAF)!;
    const all = await b.restartAndEdit(LEAF, `${text}\n// one\n`);
    expect(await b.restartAndEdit(USER, b.repo.files.get(USER)!.replaceAll("makeUser", "createUser"))).toBeGreaterThanOrEqual(all - 1);
    await b.expectFresh();
  });

  it("restores extends/implements from the cache, so a call through an unchanged file's class hierarchy still resolves", async () => {
    const b = await built();
    const text = b.repo.files.get(LEAF)!;
    await b.restartAndEdit(LEAF, `${text}\n// one\n`);
    // The restart reads the parses without their references: Admin's `extends User` (admin.ts,
    // untouched) must come from the cache for `a.id()` to reach User.id.
    const promote = `${text}\nimport { Admin } from "./models/admin";\nexport function promote(a: Admin): string {\n  return a.id();\n}\n`;
    expect(await b.restartAndEdit(LEAF, promote)).toBeLessThan(b.files() / 2);
    await b.expectFresh();
    const g = await openGraph(b.t.dir, { log: b.log, resolver: createResolver });
    const dump = await g.reader.dump();
    await g.projector.close();
    expect(dump.filter((l) => l.startsWith(`CALLS s:${LEAF}#promote -> `))).toEqual([expect.stringContaining(`s:${USER}#User.id`)]);
  });

  it.each([
    ["unreadable", (cache: string) => writeFileSync(cache, "not a database at all, just bytes")],
    ["at another position", (cache: string) => setPosition(cache, 1)],
    [
      // It stands at the right position, so the refill reads the parses without references
      // before it finds out: each payload is then read again whole.
      "at the right position but with a row that does not decode",
      (cache: string) => {
        const db = new Database(cache);
        db.prepare("UPDATE files SET heritage = 'not json' WHERE path = (SELECT path FROM files LIMIT 1)").run();
        db.close();
      },
    ],
    [
      "naming a number its names table lacks",
      (cache: string) => {
        const db = new Database(cache);
        db.prepare("UPDATE files SET deps = '[999999]' WHERE path = (SELECT path FROM files LIMIT 1)").run();
        db.close();
      },
    ],
    [
      "of an older format (no extends/implements column)",
      (cache: string) => {
        const db = new Database(cache);
        db.exec("ALTER TABLE files DROP COLUMN heritage");
        db.pragma("user_version = 1");
        db.close();
      },
    ],
    [
      "pointing at a node the graph does not hold",
      (cache: string) => {
        const db = new Database(cache);
        const row = db.prepare("SELECT path, edges FROM files WHERE edges != '[]' LIMIT 1").get() as { path: string; edges: string };
        // Edges are flat `kind, from, to, line` numbers; names are numbered in `names`.
        const edges = JSON.parse(row.edges) as number[];
        const ghost = (db.prepare("SELECT max(n) FROM names").pluck().get() as number) + 1;
        db.prepare("INSERT INTO names (n, name) VALUES (?, ?)").run(ghost, "s:src/nowhere.ts#ghost");
        edges[2] = ghost;
        db.prepare("UPDATE files SET edges = ? WHERE path = ?").run(JSON.stringify(edges), row.path);
        db.close();
      },
    ],
  ])("is set aside when %s: every file is resolved again and the cache rewritten", async (_name, spoil) => {
    const b = await built();
    const text = b.repo.files.get(LEAF)!;
    const all = await b.restartAndEdit(LEAF, `${text}\n// one\n`);
    spoil(b.cache);
    expect(await b.restartAndEdit(LEAF, `${text}\n// two\n`)).toBe(all);
    // Rewritten: the restart after it restores again.
    expect(await b.restartAndEdit(LEAF, `${text}\n// three\n`)).toBeLessThan(all / 2);
    await b.expectFresh();
  });
});

describe("ResolutionCache", () => {
  const open = () => {
    const t = tempDir("nemesis-resolution-cache-");
    cleanups.push(t.cleanup);
    const path = join(t.dir, "g.kuzu.resolved");
    return { path, cache: ResolutionCache.open(path) };
  };
  const entry = (names: string[]): CachedResolution => ({
    deps: names,
    edges: [{ kind: "CALLS", from: `s:a.ts#${names[0]}`, to: `s:b.ts#${names.at(-1)}`, line: 3 }],
    heritage: [],
  });
  const odd = ['quote"d', "back\\slash", "ünï\u{1F600}", "new\nline", "tab\t", ""];

  it("gives back every name as saved, through whole and partial saves", () => {
    const { path, cache } = open();
    cache.save([["a.ts", entry(odd)]], 5, 1, true);
    expect(cache.load(5, 1)).toEqual(new Map([["a.ts", entry(odd)]]));
    // A later save numbers only the names it adds.
    cache.save([["b.ts", entry(["fresh", ...odd])]], 6, 1, false);
    cache.close();
    const reopened = ResolutionCache.open(path);
    cleanups.push(() => reopened.close());
    expect(reopened.load(6, 1)).toEqual(
      new Map([
        ["a.ts", entry(odd)],
        ["b.ts", entry(["fresh", ...odd])],
      ]),
    );
  });

  it("reads names numbered with gaps row by row", () => {
    const { path, cache } = open();
    cache.save([["a.ts", entry(["x", "y"])]], 5, 1, true);
    cache.close();
    const db = new Database(path);
    // Renumber "y" past a gap, and point the file at the new number.
    const row = db.prepare("SELECT deps, edges FROM files").get() as { deps: string; edges: string };
    const y = db.prepare("SELECT n FROM names WHERE name = 'y'").pluck().get() as number;
    db.prepare("UPDATE names SET n = 100 WHERE n = ?").run(y);
    const renumber = (text: string) => JSON.stringify((JSON.parse(text) as number[]).map((n) => (n === y ? 100 : n)));
    db.prepare("UPDATE files SET deps = ?").run(renumber(row.deps));
    db.close();
    const reopened = ResolutionCache.open(path);
    cleanups.push(() => reopened.close());
    expect(reopened.load(5, 1)?.get("a.ts")?.deps).toEqual(["x", "y"]);
  });
});
