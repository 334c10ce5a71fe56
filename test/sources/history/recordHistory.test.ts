import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultConfig } from "../../../src/config/index.js";
import { closeEventLog, openEventLog, type CommitObserved, type LogHandle } from "../../../src/events/index.js";
import { recordHistory, type HistoryReport } from "../../../src/sources/history/index.js";
import { insideGitRepo } from "../../../src/sources/scan/index.js";
import { hasGit, removeDir, write } from "../scan/helpers.js";
import { buildHistoryRepo, commitAll, git, LONG_BODY, observed } from "./historyRepo.js";

if (!hasGit) console.warn("recordHistory.test: `git` is not installed; the tests that need a real repository are skipped");

const tempDir = (prefix = "nemesis-history-") => realpathSync(mkdtempSync(join(tmpdir(), prefix)));

/** Wide enough for the repository's 1,000-day-old first commit, unless a test says otherwise. */
const ALL = { ...defaultConfig().history, since_days: 10_000 };

let base: string;
let shas: Record<string, string>;
const dirs: string[] = [];
const logs: LogHandle[] = [];

beforeAll(() => {
  if (!hasGit) return;
  base = tempDir();
  dirs.push(base);
  ({ shas } = buildHistoryRepo(base));
});
afterEach(() => {
  for (const l of logs.splice(0)) closeEventLog(l);
});
afterAll(() => {
  for (const d of dirs.splice(0)) removeDir(d);
});

/** A project at `root` with its own fresh log (in a `.nemesis/` beside the work tree, as an index makes). */
const project = (root: string) => {
  const home = tempDir("nemesis-history-log-");
  const nemesisDir = join(home, ".nemesis");
  mkdirSync(nemesisDir);
  // The folder made for it, not only `.nemesis`: every run left one empty folder per project in /tmp.
  dirs.push(home);
  const log = openEventLog(join(nemesisDir, "events.db"));
  logs.push(log);
  const look = (settings = ALL): Promise<HistoryReport> => recordHistory({ root, nemesisDir, log, settings, meta: { source: "test" } });
  return { log, look, nemesisDir };
};

/**
 * A clone of `from` without a work tree (writing the test repository's 1,000 files is most of a
 * clone's time); by path, its objects are linked rather than packed again, unless `shallow`
 * (which needs git's transport).
 */
const cloneOf = (from: string, shallow = false): string => {
  const dir = tempDir("nemesis-history-clone-");
  dirs.push(dir);
  git(dir, ["clone", "-q", "--no-checkout", ...(shallow ? ["--depth", "1", `file://${from}`] : [from]), "."]);
  return dir;
};

/** A commit of the index as it is (the clone's work tree is empty, so no `add`). */
const commitIndex = (dir: string, message: string, daysAgo = 0): string => {
  git(dir, ["commit", "-q", "--allow-empty", "-m", message], daysAgo);
  return git(dir, ["rev-parse", "HEAD"]);
};

const bySha = (commits: ReadonlyArray<CommitObserved>) => new Map(commits.map((c) => [c.sha, c]));

describe.skipIf(!hasGit)("recordHistory: the commits reachable from HEAD, recorded once each", () => {
  // One look at the test repository, read by the tests below; the log is closed with the file's.
  let p: ReturnType<typeof project>;
  let first: HistoryReport;
  let c: Map<string, CommitObserved>;
  beforeAll(async () => {
    if (!hasGit) return;
    p = project(base);
    logs.pop();
    first = await p.look();
    c = bySha(observed(p.log));
  });
  afterAll(() => {
    if (hasGit) closeEventLog(p.log);
  });

  it("records every commit once, parents before children, and nothing on a second look", async () => {
    expect(first).toMatchObject({ available: true, observed: 7, note: null, gitDir: join(base, ".git") });
    const commits = observed(p.log);
    expect(commits.map((c) => c.sha).sort()).toEqual(Object.values(shas).sort());
    const position = new Map(commits.map((c, i) => [c.sha, i]));
    for (const c of commits) for (const parent of c.parents) expect(position.get(parent)).toBeLessThan(position.get(c.sha)!);

    expect(await p.look()).toMatchObject({ available: true, observed: 0, note: null });
    expect(observed(p.log)).toHaveLength(7);
  });

  it("keeps what a person needs: author, time, subject and body (capped), parents; a merge lists no files", () => {
    const start = c.get(shas.start!)!;
    expect(start).toMatchObject({ author: "Ada Lovelace", subject: "start", body: "", parents: [] });
    expect(Math.abs(start.time - (Date.now() / 1000 - 1_000 * 86_400))).toBeLessThan(3_600);
    const long = c.get(shas.long!)!;
    expect(long.subject).toBe("a long message");
    expect(long.body.length).toBeLessThanOrEqual(2_000);
    expect(LONG_BODY.startsWith(long.body.slice(0, -1))).toBe(true);
    const merge = c.get(shas.merge!)!;
    expect(merge.parents).toEqual([shas.main, shas.side]);
    expect(merge.files).toEqual([]);
  });

  it("records renames with their old path, binary files without line counts, and odd file names as git stores them", () => {
    expect(c.get(shas.start!)!.files).toEqual([
      { path: "logo.png", status: "A", added: null, deleted: null },
      { path: "src/a.ts", status: "A", added: 3, deleted: 0 },
    ]);
    expect(c.get(shas.rename!)!.files).toEqual([
      { path: "logo.png", status: "M", added: null, deleted: null },
      { path: 'odd\tna"me\n.txt', status: "A", added: 1, deleted: 0 },
      { path: "src/renamed.ts", status: "R", from: "src/a.ts", added: 1, deleted: 0 },
    ]);
  });

  it("lists the first 1,000 files of a wider commit, and says how many it touched", () => {
    const wide = c.get(shas.wide!)!;
    expect(wide.files).toHaveLength(1_000);
    expect(wide.filesTotal).toBe(1_001);
    expect(wide.files[0]).toEqual({ path: "src/gen0.ts", status: "A", added: 1, deleted: 0 });
    expect(c.get(shas.main!)!.filesTotal).toBeUndefined();
  });

  it("records only what is new: a new commit, then a rewritten branch (old commits stay, none twice)", async () => {
    const work = cloneOf(base);
    git(work, ["reset", "-q"]);
    const p = project(work);
    await p.look();
    const next = commitIndex(work, "one more");
    expect(await p.look()).toMatchObject({ observed: 1 });
    expect(observed(p.log).at(-1)!.sha).toBe(next);

    // A force-push: the last two commits rewritten. The old ones are unreachable now and stay recorded.
    git(work, ["reset", "-q", "--soft", "HEAD~2"]);
    const rewritten = [commitIndex(work, "a long message, shorter"), commitIndex(work, "one more, again")];
    expect(await p.look()).toMatchObject({ observed: 2 });
    const all = observed(p.log).map((c) => c.sha);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining([...Object.values(shas), next, ...rewritten]));
    expect(all).toHaveLength(7 + 1 + 2);
    expect(await p.look()).toMatchObject({ observed: 0 });
  });

  it("bounds each look by [history]: no commit older than since_days, at most max_commits, and never reaches back later", async () => {
    const recent = project(base);
    expect(await recent.look({ ...ALL, since_days: 730 })).toMatchObject({ observed: 6 });
    expect(observed(recent.log).map((c) => c.sha)).not.toContain(shas.start);

    const few = project(base);
    expect(await few.look({ ...ALL, max_commits: 2 })).toMatchObject({ observed: 2 });
    expect(observed(few.log).map((c) => c.sha).sort()).toEqual([shas.long, shas.wide].sort());
    // The two recorded stand for what is older: a later look with wider bounds does not backfill.
    expect(await few.look()).toMatchObject({ observed: 0 });

    const off = project(base);
    expect(await off.look({ ...ALL, enabled: false })).toEqual(expect.objectContaining({ available: false, observed: 0, note: null }));
    expect(observed(off.log)).toEqual([]);
  });

  it("follows a merged branch to commits git listed before the branch wanted them (a clock behind its parent's)", async () => {
    // R <- Y <- X, and a branch N off Y whose committer clock was behind, merged as M. Only X is
    // recorded at first (max_commits = 1); git then lists M X Y R N (by date), so Y and R come
    // before N, the commit that leads to them past the recorded X.
    const dir = tempDir();
    dirs.push(dir);
    git(dir, ["init", "-q"]);
    const r = commitIndex(dir, "R", 10);
    const y = commitIndex(dir, "Y", 3);
    const x = commitIndex(dir, "X", 1);
    const p = project(dir);
    expect(await p.look({ ...ALL, max_commits: 1 })).toMatchObject({ observed: 1 });
    const tree = git(dir, ["rev-parse", "HEAD^{tree}"]);
    const n = git(dir, ["commit-tree", tree, "-p", y, "-m", "N"], 20);
    const m = git(dir, ["commit-tree", tree, "-p", x, "-p", n, "-m", "M"]);
    git(dir, ["reset", "-q", "--soft", m]);
    expect(git(dir, ["rev-list", "HEAD"]).split("\n")).toEqual([m, x, y, r, n]);
    expect(await p.look()).toMatchObject({ observed: 4 });
    expect(observed(p.log).map((c) => c.sha)).toEqual([x, r, y, n, m]);
  });

  it("two writers looking at once record each commit once", async () => {
    const p = project(base);
    const second = openEventLog(join(p.nemesisDir, "events.db"));
    logs.push(second);
    const other = () => recordHistory({ root: base, nemesisDir: p.nemesisDir, log: second, settings: ALL, meta: { source: "test" } });
    const [a, b] = await Promise.all([p.look(), other()]);
    expect(a.observed + b.observed).toBe(7);
    expect(observed(p.log)).toHaveLength(7);
  });
});

describe.skipIf(!hasGit)("recordHistory where there is no history to read: said once, and nothing fails", () => {
  it("a shallow clone records nothing until its history is fetched, then all of it", async () => {
    // A small repository of its own: a shallow clone packs what it copies.
    const small = tempDir();
    dirs.push(small);
    git(small, ["init", "-q"]);
    for (const message of ["one", "two", "three"]) commitIndex(small, message);
    const shallow = cloneOf(small, true);
    const p = project(shallow);
    const first = await p.look();
    expect(first).toMatchObject({ available: false, observed: 0 });
    expect(first.note).toMatch(/shallow clone.*git fetch --unshallow/);
    expect(await p.look()).toMatchObject({ available: false, observed: 0, note: null });
    expect(observed(p.log)).toEqual([]);

    git(shallow, ["fetch", "-q", "--unshallow"]);
    expect(await p.look()).toMatchObject({ available: true, observed: 3, note: null });
  });

  it("a directory outside any repository, and an empty repository", async () => {
    const plain = tempDir();
    dirs.push(plain);
    if (insideGitRepo(plain)) return; // a temp dir inside a work tree: nothing to show here
    const p = project(plain);
    const first = await p.look();
    expect(first).toMatchObject({ available: false, observed: 0, gitDir: null });
    expect(first.note).toMatch(/not in a git repository/);
    expect((await p.look()).note).toBeNull();

    git(plain, ["init", "-q"]);
    expect(await p.look()).toMatchObject({ available: true, observed: 0, note: null });
    write(plain, "a.ts", "export {};\n");
    commitAll(plain, "first");
    expect(await p.look()).toMatchObject({ available: true, observed: 1, note: null });
  });

  it("without git on the PATH", async () => {
    const p = project(base);
    const path = process.env.PATH;
    process.env.PATH = tempDir("nemesis-no-git-");
    dirs.push(process.env.PATH);
    let report: HistoryReport;
    try {
      report = await p.look();
    } finally {
      process.env.PATH = path;
    }
    expect(report).toMatchObject({ available: false, observed: 0 });
    expect(report.note).toMatch(/git is not installed/);
  });
});
