import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeEventLog, type LogHandle, openEventLog, readEvents } from "../../../src/events/index.js";
import { HistoryProjector, HistoryReader } from "../../../src/projections/history/index.js";
import { catchUp, rebuild } from "../../../src/projections/index.js";
import { appendCommits, commit, touched } from "./commits.js";

let dir: string;
let log: LogHandle;
let path: string;
let projector: HistoryProjector;
let reader: HistoryReader | null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "nemesis-history-"));
  log = openEventLog(join(dir, "events.db"));
  path = join(dir, "history.db");
  projector = new HistoryProjector(path);
  reader = null;
});
afterEach(async () => {
  reader?.close();
  await projector.close();
  closeEventLog(log);
  rmSync(dir, { recursive: true, force: true });
});

const read = (): HistoryReader => {
  reader?.close();
  return (reader = HistoryReader.open(path));
};

/** Every table of history.db by names, not ids, in a stable order: what two builds must agree on. */
const tables = () => {
  const db = new Database(path, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).all();
    return {
      commits: all("SELECT sha, time, author, subject, body, files, merge, weighted FROM commits ORDER BY sha"),
      paths: all("SELECT path, commits, weighted, last_time FROM paths ORDER BY path"),
      files: all(
        "SELECT c.sha, p.path, f.status, f.from_path, f.added, f.deleted, f.time, f.merge FROM commit_files f JOIN commits c ON c.id = f.commit_id JOIN paths p ON p.id = f.file ORDER BY c.sha, p.path",
      ),
      coChange: all(
        "SELECT min(pa.path, pb.path) AS a, max(pa.path, pb.path) AS b, x.together, x.last_time FROM co_change x JOIN paths pa ON pa.id = x.a JOIN paths pb ON pb.id = x.b ORDER BY 1, 2",
      ),
      words: all("SELECT word, docs FROM word_docs ORDER BY word"),
      totals: all("SELECT name, n FROM totals ORDER BY name"),
      text: all("SELECT c.sha FROM commit_text JOIN commits c ON c.id = commit_text.rowid WHERE commit_text MATCH 'header OR parser OR cache' ORDER BY c.sha"),
    };
  } finally {
    db.close();
  }
};

const FIFTY_ONE = Array.from({ length: 51 }, (_, i) => `gen/f${i}.ts`);

describe("the history projector", () => {
  it("records each commit, the files it touched and every file's commit count", async () => {
    const first = commit("Add the parser", ["src/parse.ts", touched("src/lex.ts", { status: "A" }), touched("logo.png", { added: null, deleted: null })], {
      author: "Grace",
      body: "Tokens first, then the tree.",
    });
    const second = commit("Speed up the lexer", ["src/lex.ts"]);
    appendCommits(log, [first, second]);
    await catchUp(log, projector);
    const r = read();
    expect(r.totalCommits()).toBe(2);
    expect(r.commitCount("src/lex.ts")).toBe(2);
    expect(r.commitCount("logo.png")).toBe(1);
    expect(r.commitCount("nowhere.ts")).toBe(0);
    expect(r.fileHistory("src/lex.ts", 10)).toEqual([
      { sha: second.sha, time: second.time, author: "Ada", subject: "Speed up the lexer", path: "src/lex.ts", status: "M", from: null, files: [], filesTotal: 0 },
      { sha: first.sha, time: first.time, author: "Grace", subject: "Add the parser", path: "src/lex.ts", status: "A", from: null, files: ["logo.png", "src/parse.ts"], filesTotal: 2 },
    ]);
    expect(r.fileHistory("src/lex.ts", 1).map((c) => c.sha)).toEqual([second.sha]);
  });

  it("weighs co-change by plain commits only: merges and commits of over 50 files count for nothing", async () => {
    appendCommits(log, [
      commit("one", ["a.ts", "b.ts"]),
      commit("two", ["a.ts", "b.ts", "c.ts"]),
      commit("merge branch", ["a.ts", "b.ts", "c.ts"], { parents: ["p1", "p2"] }),
      commit("reformat", ["a.ts", "b.ts", ...FIFTY_ONE]),
      // A list the source capped: the commit touched 80 files, whatever it lists.
      commit("vendor", ["a.ts", "c.ts"], { filesTotal: 80 }),
      commit("three", ["c.ts", "d.ts"]),
    ]);
    await catchUp(log, projector);
    const r = read();
    expect(r.coChanged(["a.ts", "d.ts", "a.ts", "unknown.ts"], 5)).toEqual([
      { path: "a.ts", with: "b.ts", together: 2, commitsOfPath: 2, commitsOfWith: 2, lastTime: expect.any(Number) },
      { path: "a.ts", with: "c.ts", together: 1, commitsOfPath: 2, commitsOfWith: 2, lastTime: expect.any(Number) },
      { path: "d.ts", with: "c.ts", together: 1, commitsOfPath: 1, commitsOfWith: 2, lastTime: expect.any(Number) },
    ]);
    expect(r.coChanged(["a.ts"], 1).map((c) => c.with)).toEqual(["b.ts"]);
    expect(r.coChanged(["gen/f0.ts"], 5)).toEqual([]);
    // Counted as the file's commits (a merge is not: its branch's commits are), but not weighted.
    expect(r.commitCount("a.ts")).toBe(4);
    expect(r.fileHistory("a.ts", 10).map((c) => c.subject)).toEqual(["vendor", "reformat", "two", "one"]);
    expect(r.fileHistory("a.ts", 10)[1]).toMatchObject({ files: ["b.ts", ...FIFTY_ONE.slice().sort().slice(0, 9)], filesTotal: 52 });
  });

  it("applying a batch twice, or a commit observed twice, counts it once", async () => {
    const twice = commit("fix the cache", ["x.ts", "y.ts"]);
    appendCommits(log, [twice, commit("other", ["x.ts", "y.ts"])]);
    await catchUp(log, projector);
    const once = tables();
    const events = readEvents(log);
    await projector.apply(events, events.at(-1)!.position);
    expect(tables()).toEqual(once);
    // A log written by hand may hold the same commit on a second stream: the sha decides.
    appendCommits(log, [{ ...twice }]);
    await catchUp(log, projector);
    expect(tables()).toEqual(once);
  });

  it("the co-change read model is equal after a replay", async () => {
    const rounds = [
      [commit("Parser: handle headers", ["src/parse.ts", "src/header.ts"]), commit("cache the parser", ["src/parse.ts", "src/cache.ts", "test/parse.test.ts"])],
      [commit("merge", ["src/parse.ts", "src/cache.ts"], { parents: ["a", "b"] }), commit("big", ["src/parse.ts", ...FIFTY_ONE])],
      [
        commit("Rename the header module", [touched("src/headers.ts", { status: "R", from: "src/header.ts" }), "src/parse.ts"]),
        commit("Headers: fold continuation lines", ["src/headers.ts", "test/parse.test.ts", "src/parse.ts"]),
      ],
    ];
    // Incrementally: a catch-up per round, as the engine follows new commits.
    for (const round of rounds) {
      appendCommits(log, round);
      await catchUp(log, projector);
    }
    const incremental = tables();
    expect(incremental.coChange.length).toBeGreaterThan(3);
    await rebuild(log, projector);
    expect(tables()).toEqual(incremental);
  });

  it("follows a file's history back through its renames", async () => {
    const added = commit("Add old", [touched("src/old.ts", { status: "A" })]);
    const edited = commit("Edit old", ["src/old.ts", "src/other.ts"]);
    const renamed = commit("Rename old to mid", [touched("src/mid.ts", { status: "R", from: "src/old.ts" })]);
    const again = commit("Rename mid to new", [touched("src/new.ts", { status: "R", from: "src/mid.ts" })]);
    const latest = commit("Edit new", ["src/new.ts"]);
    appendCommits(log, [added, edited, renamed, again, latest]);
    await catchUp(log, projector);
    const history = read().fileHistory("src/new.ts", 10);
    expect(history.map((c) => [c.subject, c.path, c.status, c.from])).toEqual([
      ["Edit new", "src/new.ts", "M", null],
      ["Rename mid to new", "src/new.ts", "R", "src/mid.ts"],
      ["Rename old to mid", "src/mid.ts", "R", "src/old.ts"],
      ["Edit old", "src/old.ts", "M", null],
      ["Add old", "src/old.ts", "A", null],
    ]);
    expect(read().fileHistory("src/new.ts", 3).map((c) => c.subject)).toEqual(["Edit new", "Rename mid to new", "Rename old to mid"]);
  });
});

describe("commits whose message resembles a task", () => {
  beforeEach(async () => {
    appendCommits(log, [
      commit("Keep the Authorization header on same-host redirects", ["src/redirect.ts", "test/redirect.test.ts"], {
        body: "The follow-redirects option dropped every header; keep the ones the target host may see.",
      }),
      commit("Parse multipart bodies", ["src/multipart.ts"]),
      commit("Cache compiled templates", ["src/templates.ts", "src/cache.ts"]),
      commit("Redirect handling: merge branch", ["src/redirect.ts"], { parents: ["a", "b"] }),
      commit("Redirects: reformat everything", FIFTY_ONE),
      ...Array.from({ length: 20 }, (_, i) => commit(`Fix the build ${i}`, [`src/build${i}.ts`])),
    ]);
    await catchUp(log, projector);
  });

  it("finds them by the task's words, stems included, whatever punctuation surrounds them", () => {
    const r = read();
    const task = 'Fix: "redirects" DROP the authorization-header!!! (see #42) -- AND/OR NOT* NEAR(x, y) ^subject: {col} "unbalanced';
    const found = r.similarCommits(task, 5);
    expect(found[0]).toMatchObject({ subject: "Keep the Authorization header on same-host redirects", files: ["src/redirect.ts", "test/redirect.test.ts"] });
    expect(found[0]!.score).toBeGreaterThan(0);
    // Merges and commits of over 50 files are not searched.
    expect(found.map((c) => c.subject)).not.toContain("Redirect handling: merge branch");
    expect(found.map((c) => c.subject)).not.toContain("Redirects: reformat everything");
    expect(r.similarCommits("templates caching", 5).map((c) => c.subject)).toEqual(["Cache compiled templates"]);
    expect(r.similarCommits("the cachedTemplate helper", 5).map((c) => c.subject)).toEqual(["Cache compiled templates"]);
  });

  it("a text of no searchable word, or of words no commit holds, finds nothing and never throws", () => {
    const r = read();
    for (const text of ["", "   ", '"*"^():-+{}[]', "AND OR NOT NEAR", "the of and", "zebra quagga", "x".repeat(10_000), "é ü 中文 😀"]) {
      expect(r.similarCommits(text, 5), JSON.stringify(text.slice(0, 20))).toEqual([]);
    }
    expect(r.similarCommits("redirects", 0)).toEqual([]);
  });

  it("ranks by the task's rarer words: a word in most commits does not outweigh a rare one", () => {
    const found = read().similarCommits("fix the build of multipart parsing", 3);
    expect(found[0]!.subject).toBe("Parse multipart bodies");
  });
});

describe("a history reader before any history", () => {
  it("reads as empty when history.db does not exist yet, or holds no commit", () => {
    const missing = HistoryReader.open(join(dir, "missing.db"));
    expect(missing.isEmpty()).toBe(true);
    expect(missing.similarCommits("anything", 5)).toEqual([]);
    missing.close();
    const r = read();
    expect(r.isEmpty()).toBe(true);
    expect(r.totalCommits()).toBe(0);
    expect(r.similarCommits("anything", 5)).toEqual([]);
    expect(r.coChanged(["a.ts"], 5)).toEqual([]);
    expect(r.fileHistory("a.ts", 5)).toEqual([]);
    expect(r.commitCount("a.ts")).toBe(0);
  });
});
