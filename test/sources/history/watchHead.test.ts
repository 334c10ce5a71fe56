import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultConfig, nemesisPaths } from "../../../src/config/index.js";
import { closeEventLog, openEventLog } from "../../../src/events/index.js";
import { watchHead } from "../../../src/sources/history/index.js";
import { startWatcher } from "../../../src/sources/watcher/index.js";
import { CHILD_WAIT_MS } from "../../child.js";
import { hasGit, removeDir, write } from "../scan/helpers.js";
import { commitAll, git, observed } from "./historyRepo.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const repo = (): string => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "nemesis-head-")));
  cleanups.push(() => removeDir(root));
  git(root, ["init", "-q"]);
  write(root, "a.py", "a = 1\n");
  write(root, ".gitignore", ".nemesis/\n");
  commitAll(root, "first");
  return root;
};

/** Resolves once `check` holds, or fails with `what` (bounded only so a failure shows). */
const eventually = async (what: string, check: () => boolean): Promise<void> => {
  const deadline = Date.now() + CHILD_WAIT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(!hasGit)("HEAD moves are seen", () => {
  it("watchHead calls back after a commit and after a checkout", async () => {
    const root = repo();
    let moves = 0;
    const w = watchHead(join(root, ".git"), () => moves++);
    cleanups.push(() => w.stop());
    write(root, "a.py", "a = 2\n");
    commitAll(root, "second");
    await eventually("a call after a commit", () => moves === 1);
    git(root, ["checkout", "-q", "-b", "other"]);
    git(root, ["checkout", "-q", "main"]);
    // Usually one call for both (they fall within the debounce), two on a slow machine.
    await eventually("a call after the checkouts", () => moves >= 2);
  });

  it("the watcher records the commits there when it starts, and each new commit as HEAD moves", async () => {
    const root = repo();
    const paths = nemesisPaths(root);
    mkdirSync(paths.dir);
    const log = openEventLog(paths.events);
    cleanups.push(() => closeEventLog(log));
    const commits: number[] = [];
    const watcher = await startWatcher({ paths, config: defaultConfig(), log, onCommits: (n) => commits.push(n) });
    cleanups.push(() => watcher.stop());
    await watcher.ready;
    await eventually("the first commit recorded", () => observed(log).length === 1);
    write(root, "b.py", "b = 1\n");
    const sha = commitAll(root, "second");
    await eventually("the new commit recorded", () => observed(log).length === 2);
    expect(observed(log).at(-1)).toMatchObject({ sha, subject: "second", files: [{ path: "b.py", status: "A", added: 1, deleted: 0 }] });
    expect(commits).toEqual([1, 1]);
  });
});
