import Database from "better-sqlite3";
import * as Either from "effect/Either";
import { appendFileSync, copyFileSync, mkdirSync, readdirSync, rmSync, statSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { Engine, indexProject, inlineParser } from "../../src/engine/index.js";
import { headPosition, readEvents, sqliteQuickCheck } from "../../src/events/index.js";
import { vectorSnapshotDamage } from "../../src/projections/chunks/vectorSnapshot.js";
import { engineQueries } from "../../src/engine/index.js";
import { toolContext } from "../../src/mcp/ToolContext.js";
import { ALL_TOOLS, callTool } from "../../src/mcp/registry.js";
import { routeDamageReports } from "../../src/shared/damageReports.js";
import { indexedFixtureCopy } from "../fixtureCache.js";
import { damageFile, type Damage } from "../projections/damage/damageFile.js";
import { git, removeDir } from "../sources/scan/helpers.js";
import { projectContext } from "./helpers.js";

/**
 * Each read model's files damaged on disk, once while no engine runs (the next one to open them
 * finds the damage) and once under a running engine (a read or write finds it): the engine says
 * so in one line, drops the model and rebuilds it from the log, answering meanwhile as it does
 * while catching up, and the log loses nothing. Real files, real stores, one engine per case.
 */

interface Case {
  readonly model: string;
  /** The damaged file, under .nemesis/ (a LanceDB data file is found by its folder). */
  readonly file: string;
  /** The file the report names, when not `file` (LanceDB's table folder). */
  readonly reported?: string;
  readonly stopped: Damage;
  readonly running: Damage;
  /** A call that reads the model, and what its answer holds once the model is whole. */
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly answer: RegExp;
  /** Something only a write (a saved file, parsed and projected) reads or finds damaged. */
  readonly needsWrite?: boolean;
  /**
   * A write through a tool that meets the damage under a running engine, where reads alone
   * would not: SQLite serves a small database from its page cache until a write reads past it.
   */
  readonly write?: Pick<Case, "tool" | "args">;
}

const SAVED = "renderAgain";

const CASES: ReadonlyArray<Case> = [
  { model: "catalog", file: "catalog.db", stopped: "pages", running: "truncate", tool: "index_status", args: {}, answer: /files: 10 parsed/ },
  { model: "graph", file: "graph.kuzu", stopped: "tail", running: "truncate", tool: "search_nodes", args: { query: "render" }, answer: /Function render +src\/render\.ts:7-13/ },
  { model: "chunks", file: "chunks.lance/keyword.db", stopped: "header", running: "truncate", tool: "get_code_semantics", args: { query: "slugify title" }, answer: /src\/render\.ts/ },
  {
    model: "chunks",
    file: "chunks.lance/chunks.lance/data",
    reported: "chunks.lance/chunks.lance",
    stopped: "truncate",
    running: "truncate",
    tool: "get_code_semantics",
    args: { query: SAVED },
    answer: new RegExp(`src/render\\.ts[^\\n]*\\n[\\s\\S]*${SAVED}`),
    needsWrite: true,
  },
  { model: "history", file: "history.db", stopped: "truncate", running: "truncate", tool: "get_file_history", args: { target: "src/render.ts" }, answer: /1 commit/ },
  {
    model: "scratch",
    file: "graphs.db",
    stopped: "pages",
    running: "truncate",
    tool: "find_node",
    args: { query: "checkout flow" },
    answer: /checkout flow/,
    write: { tool: "add_node", args: { label: "payment retries", type: "idea" } },
  },
];

let root: string;
let reports: string[];
let unroute: () => void;
beforeEach(async () => {
  root = await indexedFixtureCopy("resolve/ts-basic");
  reports = [];
  unroute = routeDamageReports((line) => reports.push(line));
});
afterEach(() => {
  unroute();
  removeDir(root);
});

const pathOf = (file: string): string => {
  const full = join(root, ".nemesis", file);
  // LanceDB's data files are named by uuid: the first one stands for the table.
  return file.endsWith("/data") ? join(full, readdirSync(full)[0]!) : full;
};

/** An engine on `root` as `nemesis serve` opens one (in-process: sources, no threads), and a tool caller. */
const openEngine = async () => {
  const ctx = projectContext(root);
  const engine = Either.getOrThrow(await Engine.open(ctx, { parser: inlineParser, threads: false }));
  const models = engineQueries(engine);
  const call = async (c: Pick<Case, "tool" | "args">) => {
    const answer = await callTool(ALL_TOOLS, c.tool, c.args, toolContext(models, { name: "test", source: "cli" }));
    return { text: answer.content.map((p) => p.text).join("\n"), isError: answer.isError === true };
  };
  return {
    ctx,
    engine,
    call,
    /** A new function appended to src/render.ts, indexed through the engine as index_project does. */
    save: async (name = SAVED) => {
      appendFileSync(join(root, "src/render.ts"), `\nexport function ${name}(): string { return "again"; }\n`);
      // One file, as the watcher records a save: no scan of the rest, no look at git.
      await indexProject(ctx, { engine, parser: inlineParser, file: "src/render.ts" });
    },
    close: async () => {
      await models.close();
      await engine.close();
      ctx.close();
    },
  };
};

/**
 * What a case reads, recorded first like everything else, in the log: a scratch graph, or git
 * history (the fixture's repository has no commit until now).
 */
const prepare = async (c: Case): Promise<void> => {
  if (c.model !== "scratch" && c.model !== "history") return;
  if (c.model === "history") {
    git(root, "add", "-A");
    git(root, "commit", "-qm", "first");
  }
  const e = await openEngine();
  try {
    if (c.model === "scratch") expect((await e.call({ tool: "add_node", args: { label: "checkout flow", type: "idea" } })).isError).toBe(false);
    else {
      await indexProject(e.ctx, { engine: e.engine, parser: inlineParser });
      // A live engine's follow loop projects the run's commits after it returns; this one has none.
      await e.engine.catchUp();
    }
  } finally {
    await e.close();
  }
};

const reportLine = (c: Case) =>
  new RegExp(`^\\.nemesis/${(c.reported ?? c.file).replace(/[./]/g, (m) => `\\${m}`)} is damaged \\(.+\\): rebuilding the ${c.model} read model from the log$`);

/**
 * What every case ends with: one line said it, the model answers in full, and the log holds
 * what it held (apart from the record of the context the answers served, which any answer adds).
 */
const rebuilt = async (c: Case, e: Awaited<ReturnType<typeof openEngine>>, head: number) => {
  const after = await e.call(c);
  expect(after.isError, after.text).toBe(false);
  expect(after.text).toMatch(c.answer);
  expect(after.text).not.toMatch(/index catching up/);
  expect(reports).toHaveLength(1);
  expect(reports[0]).toMatch(reportLine(c));
  expect(readEvents(e.ctx.log, { after: head }).filter((ev) => ev.type !== "ContextServed").map((ev) => ev.type)).toEqual([]);
  if (c.file.endsWith(".db")) expect(sqliteQuickCheck(pathOf(c.file))).toBeNull();
};

describe.each(CASES)("$file damaged ($model read model)", (c) => {
  test(`while no engine runs (${c.stopped}): the engine that opens it next says so, answers as while catching up, and rebuilds it`, async () => {
    await prepare(c);
    damageFile(pathOf(c.file), c.stopped);
    const e = await openEngine();
    try {
      // Before the engine has caught up: no error, and what a catching-up engine answers.
      const during = await e.call(c);
      expect(during.isError, during.text).toBe(false);
      if (!c.answer.test(during.text)) expect(during.text).toMatch(/index catching up/);
      if (c.needsWrite) await e.save();
      else await e.engine.catchUp();
      await rebuilt(c, e, headPosition(e.ctx.log));
    } finally {
      await e.close();
    }
  });

  test(`under a running engine (${c.running}): the read or write that meets it leads to the same rebuild, not to a bug`, async () => {
    await prepare(c);
    const e = await openEngine();
    try {
      await e.engine.catchUp();
      // The graph is damaged before the engine first opens it: once open, Kuzu serves a small graph from memory.
      if (c.model !== "graph") expect((await e.call(c)).isError).toBe(false);
      damageFile(pathOf(c.file), c.running);
      if (c.needsWrite) await e.save();
      if (c.write) expect((await e.call(c.write)).isError).toBe(false);
      const met = await e.call(c);
      if (met.isError) {
        expect(met.text).toMatch(new RegExp(`is damaged \\(.+\\): the engine is rebuilding the ${c.model} read model from the log; ask again in a moment`));
      } else if (!c.answer.test(met.text)) expect(met.text).toMatch(/index catching up/);
      const head = headPosition(e.ctx.log);
      await e.engine.catchUp();
      await rebuilt(c, e, head);
    } finally {
      await e.close();
    }
  });
});

/** Copies the WAL of the SQLite file at `path` into it, as an autocheckpoint does now and then. */
const checkpointWal = (path: string): void => {
  const db = new Database(path);
  try {
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
};

describe("the caches beside the read models: the embedding cache, the graph's resolution cache, the vector snapshot", () => {
  const CACHES: ReadonlyArray<{ readonly file: string; readonly line: RegExp }> = [
    { file: "embeddings.db", line: /^\.nemesis\/embeddings\.db is damaged \(.+\): starting the embedding cache afresh/ },
    { file: "graph.kuzu.resolved", line: /^\.nemesis\/graph\.kuzu\.resolved is damaged \(.+\): dropping the graph's resolution cache/ },
    { file: "chunks.lance/vectors.cols", line: /^\.nemesis\/chunks\.lance\/vectors\.cols is damaged \(.+\): writing it anew/ },
  ];
  const query = { tool: "get_code_semantics", args: { query: SAVED } };

  /** Each cache said so once, the saved function is found, and the caches are whole again. */
  const setRight = (text: string) => {
    expect(text).toMatch(new RegExp(`src/render\\.ts[\\s\\S]*${SAVED}`));
    expect(reports, reports.join("\n")).toHaveLength(CACHES.length);
    for (const c of CACHES) expect(reports.filter((l) => c.line.test(l))).toHaveLength(1);
    expect(sqliteQuickCheck(pathOf("embeddings.db"))).toBeNull();
    expect(vectorSnapshotDamage(pathOf("chunks.lance/vectors.cols"))).toBeNull();
  };

  test("damaged while no engine runs: each is set aside with one line when first used, and nothing waits for a rebuild", async () => {
    // A delta writes the resolution cache (an index from nothing leaves it to the next start).
    const first = await openEngine();
    try {
      await first.save("renderOnce");
    } finally {
      await first.close();
    }
    damageFile(pathOf("embeddings.db"), "header");
    damageFile(pathOf("graph.kuzu.resolved"), "truncate");
    damageFile(pathOf("chunks.lance/vectors.cols"), "truncate");
    const e = await openEngine();
    let text: string;
    try {
      await e.save();
      const answer = await e.call(query);
      expect(answer.isError, answer.text).toBe(false);
      text = answer.text;
    } finally {
      // The vector snapshot is written when the chunk model closes.
      await e.close();
    }
    setRight(text);
  });

  test("damaged under a running engine: the same, at the write that meets each", async () => {
    const e = await openEngine();
    let text: string;
    try {
      await e.engine.catchUp();
      await e.save("renderOnce");
      // What SQLite keeps in the WAL it reads from there: damage of the file shows once the WAL was copied into it.
      checkpointWal(pathOf("embeddings.db"));
      damageFile(pathOf("embeddings.db"), "pages");
      damageFile(pathOf("graph.kuzu.resolved"), "truncate");
      damageFile(pathOf("chunks.lance/vectors.cols"), "truncate");
      await e.save();
      const answer = await e.call(query);
      expect(answer.isError, answer.text).toBe(false);
      text = answer.text;
    } finally {
      await e.close();
    }
    setRight(text);
  });
});

describe("the log lost its newest events (SQLite dropped a torn or damaged end of its WAL)", () => {
  /** The log's two files as a process killed at this moment leaves them: recent transactions still in the WAL. */
  const crashCopy = (to: string): void => {
    mkdirSync(to, { recursive: true });
    for (const f of ["events.db", "events.db-wal"]) copyFileSync(join(root, ".nemesis", f), join(to, f));
  };

  test.each(["torn", "damaged"] as const)(
    "(%s WAL) the read models that stand past its end are rebuilt, and the events appended next are all projected",
    async (wal) => {
      const crashed = join(root, "crashed");
      const e = await openEngine();
      try {
        await e.save("renderOnce");
        crashCopy(crashed);
        await e.save(SAVED);
      } finally {
        await e.close();
      }
      // The crashed copy stands in for the log; SQLite drops what its WAL's end no longer vouches for.
      const walFile = join(crashed, "events.db-wal");
      if (wal === "torn") truncateSync(walFile, statSync(walFile).size - 100);
      else damageFile(walFile, "tail");
      for (const f of ["events.db", "events.db-wal", "events.db-shm"]) rmSync(join(root, ".nemesis", f), { force: true });
      for (const f of ["events.db", "events.db-wal"]) copyFileSync(join(crashed, f), join(root, ".nemesis", f));

      const again = await openEngine();
      try {
        await again.engine.catchUp();
        // The events the log lost come back from the disk with the next index; the newest save is new to it.
        await again.save("renderLast");
        const found = await again.call({ tool: "search_nodes", args: { query: "renderLast" } });
        expect(found.text).toMatch(/Function renderLast +src\/render\.ts/);
        const searched = await again.call({ tool: "get_code_semantics", args: { query: "renderLast" } });
        expect(searched.text).toMatch(/renderLast/);
        const status = await again.call({ tool: "index_status", args: {} });
        expect(status.text).toMatch(/files: 10 parsed/);
      } finally {
        await again.close();
      }
      for (const model of ["catalog", "graph", "chunks"]) {
        expect(reports.filter((l) => l.startsWith(`the ${model} read model stands at event #`) && l.endsWith("rebuilding it from the log"))).toHaveLength(1);
      }
    },
  );
});
