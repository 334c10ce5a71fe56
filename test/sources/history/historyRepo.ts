import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { readEvents, type CommitObserved, type LogHandle } from "../../../src/events/index.js";
import { write } from "../scan/helpers.js";

const DAY = 86_400;

/** The environment without a git hook's variables, and a fixed identity. */
const env = (secondsAgo: number): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete e[name];
  const date = `@${Math.floor(Date.now() / 1000) - secondsAgo} +0000`;
  return { ...e, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
};

/** Runs git in `cwd`; `daysAgo` dates the commits it makes. */
export const git = (cwd: string, args: ReadonlyArray<string>, daysAgo = 0): string =>
  execFileSync(
    "git",
    ["-c", "user.name=Ada Lovelace", "-c", "user.email=ada@example.com", "-c", "init.defaultBranch=main", "-c", "commit.gpgSign=false", ...args],
    { cwd, env: env(Math.round(daysAgo * DAY)), stdio: "pipe", encoding: "utf8" },
  ).trim();

export const commitAll = (cwd: string, message: string, daysAgo = 0): string => {
  git(cwd, ["add", "-A"]);
  git(cwd, ["commit", "-q", "--allow-empty", "-m", message], daysAgo);
  return git(cwd, ["rev-parse", "HEAD"]);
};

/** Every CommitObserved in the log, in log order. */
export const observed = (log: LogHandle): CommitObserved[] =>
  readEvents(log, { types: ["CommitObserved"] }).map((e) => e.data as CommitObserved);

export const LONG_BODY = "why ".repeat(1_000);

/**
 * The repository every history test reads (built once per file): its first commit is 1,000
 * days old, the rest are recent. In order: a start, binary and renamed files and a file name
 * with a tab, a quote and a newline, a side branch merged back, a commit of 1,001 files, and
 * one with a long message.
 */
export const buildHistoryRepo = (root: string): { shas: Record<string, string> } => {
  git(root, ["init", "-q"]);
  const shas: Record<string, string> = {};
  write(root, "src/a.ts", "export const a = 1;\nexport const b = 2;\nexport const c = 3;\n");
  write(root, "logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
  shas.start = commitAll(root, "start", 1_000);
  git(root, ["mv", "src/a.ts", "src/renamed.ts"]);
  write(root, "src/renamed.ts", "export const a = 1;\nexport const b = 2;\nexport const c = 3;\nexport const d = 4;\n");
  write(root, "logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9, 9]));
  write(root, 'odd\tna"me\n.txt', "odd\n");
  shas.rename = commitAll(root, "rename a, redraw the logo", 3);
  git(root, ["checkout", "-q", "-b", "side"]);
  write(root, "side.ts", "export const side = 1;\n");
  shas.side = commitAll(root, "side work", 2);
  git(root, ["checkout", "-q", "main"]);
  write(root, "main.ts", "export const main = 1;\n");
  shas.main = commitAll(root, "main work", 2);
  git(root, ["merge", "-q", "--no-ff", "-m", "merge side", "side"], 1);
  shas.merge = git(root, ["rev-parse", "HEAD"]);
  for (let i = 0; i < 1_001; i++) writeFileSync(join(root, "src", `gen${i}.ts`), `export const g${i} = ${i};\n`);
  shas.wide = commitAll(root, "generate 1,001 files", 1);
  write(root, "main.ts", "export const main = 2;\n");
  shas.long = commitAll(root, `a long message\n\n${LONG_BODY}`, 0);
  return { shas };
};
