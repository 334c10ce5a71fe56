import { execFileSync } from "node:child_process";
import { readEvents, type CommitObserved, type LogHandle } from "../../../src/events/index.js";

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

/** One commit of a fast-import stream: its files as `M`/`D` lines of inline data. */
interface Step {
  readonly name: string;
  readonly branch: "main" | "side";
  readonly daysAgo: number;
  readonly message: string;
  readonly from?: string;
  readonly merge?: string;
  readonly files: ReadonlyArray<readonly [path: string, content: string | Buffer | null]>;
}

/** A path as fast-import reads it: quoted, with C escapes, when it holds a quote, a tab or a newline. */
const quoted = (path: string) => (/["\t\n\\]/.test(path) ? JSON.stringify(path) : path);

const data = (content: string | Buffer): Buffer[] => {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  return [Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from("\n")];
};

const A = "export const a = 1;\nexport const b = 2;\nexport const c = 3;\n";
const GENERATED = Array.from({ length: 1_001 }, (_, i) => [`src/gen${i}.ts`, `export const g${i} = ${i};\n`] as const);

/**
 * The repository every history test reads (built once per file, by one `git fast-import`, so
 * without a work tree): its first commit is 1,000 days old, the rest are recent. In order: a
 * start, binary and renamed files and a file name with a tab, a quote and a newline, a side
 * branch merged back, a commit of 1,001 files, and one with a long message.
 */
const STEPS: ReadonlyArray<Step> = [
  { name: "start", branch: "main", daysAgo: 1_000, message: "start", files: [["src/a.ts", A], ["logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3])]] },
  {
    name: "rename",
    branch: "main",
    daysAgo: 3,
    message: "rename a, redraw the logo",
    files: [
      ["src/a.ts", null],
      ["src/renamed.ts", `${A}export const d = 4;\n`],
      ["logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9, 9])],
      ['odd\tna"me\n.txt', "odd\n"],
    ],
  },
  { name: "side", branch: "side", daysAgo: 2, message: "side work", from: "rename", files: [["side.ts", "export const side = 1;\n"]] },
  { name: "main", branch: "main", daysAgo: 2, message: "main work", files: [["main.ts", "export const main = 1;\n"]] },
  { name: "merge", branch: "main", daysAgo: 1, message: "merge side", merge: "side", files: [["side.ts", "export const side = 1;\n"]] },
  { name: "wide", branch: "main", daysAgo: 1, message: "generate 1,001 files", files: GENERATED },
  { name: "long", branch: "main", daysAgo: 0, message: `a long message\n\n${LONG_BODY}`, files: [["main.ts", "export const main = 2;\n"]] },
];

export const buildHistoryRepo = (root: string): { shas: Record<string, string> } => {
  git(root, ["init", "-q"]);
  const now = Math.floor(Date.now() / 1000);
  const stream: Buffer[] = [];
  STEPS.forEach((step, i) => {
    const who = `Ada Lovelace <ada@example.com> ${now - step.daysAgo * DAY} +0000`;
    stream.push(Buffer.from(`commit refs/heads/${step.branch}\nmark :${i + 1}\nauthor ${who}\ncommitter ${who}\n`), ...data(step.message));
    const from = step.from ?? (i > 0 && step.branch === "main" ? STEPS.slice(0, i).reverse().find((s) => s.branch === "main")?.name : undefined);
    if (from !== undefined) stream.push(Buffer.from(`from :${STEPS.findIndex((s) => s.name === from) + 1}\n`));
    if (step.merge !== undefined) stream.push(Buffer.from(`merge :${STEPS.findIndex((s) => s.name === step.merge) + 1}\n`));
    for (const [path, content] of step.files) {
      if (content === null) stream.push(Buffer.from(`D ${quoted(path)}\n`));
      else stream.push(Buffer.from(`M 100644 inline ${quoted(path)}\n`), ...data(content));
    }
    stream.push(Buffer.from("\n"));
  });
  execFileSync("git", ["fast-import", "--quiet"], { cwd: root, input: Buffer.concat(stream), stdio: ["pipe", "pipe", "pipe"] });
  const made = git(root, ["rev-list", "--all"]).split("\n");
  if (made.length !== STEPS.length) throw new Error(`fast-import made ${made.length} commits, not ${STEPS.length}`);
  const subjects = new Map(git(root, ["log", "--all", "--format=%H %s"]).split("\n").map((l) => [l.slice(41), l.slice(0, 40)]));
  const shas = Object.fromEntries(STEPS.map((s) => [s.name, subjects.get(s.message.split("\n")[0]!)!]));
  return { shas };
};
