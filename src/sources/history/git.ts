import * as Data from "effect/Data";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

/*
 * History is read by running git itself, not a git library: git is the one reader that knows
 * every layout a repository can have (packs and their indexes, the commit-graph, worktrees,
 * alternates, partial clones, the user's own config), and `git log` computes line counts far
 * faster than a reimplementation in JavaScript. The scan already relies on git for tracked files;
 * when git is missing, history is simply not recorded.
 */

// Variables a git hook or wrapper may have set would point git at another repository or index;
// without them git finds the repository from the project root itself.
const REPOSITORY_OVERRIDES = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY", "GIT_NAMESPACE"];

const gitEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Reading history needs no lock on the index: never make a concurrent `git commit` wait or fail.
    GIT_OPTIONAL_LOCKS: "0",
    // A partial clone would fetch every missing blob to count its lines, and ask for credentials
    // to do it: fail instead (GIT_NO_LAZY_FETCH is git 2.44+; older versions ignore it).
    GIT_NO_LAZY_FETCH: "1",
    GIT_TERMINAL_PROMPT: "0",
    // Messages in English, so "not a git repository" can be told from other failures.
    LC_ALL: "C",
  };
  for (const name of REPOSITORY_OVERRIDES) delete env[name];
  return env;
};

/*
 * Settings of the user's config that would change what the history commands print: a signature
 * check in every commit's header, or the root commit shown without its files.
 */
const OVERRIDES = ["-c", "log.showSignature=false", "-c", "log.showRoot=true"];

/** Why git could not answer: its first line of complaint is the message. */
export class GitFailure extends Data.TaggedError("GitFailure")<{
  /** `missing`: no git on the PATH. */
  readonly reason: "missing" | "failed";
  readonly code: number | null;
  readonly stderr: string;
}> {
  override get message(): string {
    if (this.reason === "missing") return "git is not installed";
    const line = this.stderr.split("\n").find((l) => l.trim() !== "");
    return line === undefined ? `git exited with ${this.code ?? "a signal"}` : line.replace(/^(fatal|error): /, "").trim();
  }
}

export const gitFailed = (code: number | null, stderr: string): GitFailure => new GitFailure({ reason: "failed", code, stderr });
export const gitMissing = (): GitFailure => new GitFailure({ reason: "missing", code: null, stderr: "" });

/** Starts git in `cwd` with the overrides above; the caller reads its streams. */
export const spawnGit = (cwd: string, args: ReadonlyArray<string>): ChildProcessWithoutNullStreams =>
  spawn("git", [...OVERRIDES, ...args], { cwd, env: gitEnv(), windowsHide: true });

export interface RunOptions {
  /** Written to git's stdin, then closed. */
  readonly input?: string;
  /** Killed past this: a stuck git must never hold an index up. */
  readonly timeoutMs: number;
  /** Exit codes that are answers, not failures (default: 0 only). */
  readonly answers?: ReadonlyArray<number>;
}

/** Runs git to completion: its whole stdout, or why it failed. */
export const runGit = (cwd: string, args: ReadonlyArray<string>, options: RunOptions): Promise<Buffer | GitFailure> =>
  new Promise((resolve) => {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawnGit(cwd, args);
    } catch (e) {
      // A spawn that throws synchronously (a cwd that vanished, no process slots) is a git that failed.
      resolve(gitFailed(null, e instanceof Error ? e.message : String(e)));
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill();
    }, options.timeoutMs);
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    // git may exit before reading all its input (a bad revision): that is its failure to report, not an EPIPE to throw.
    child.stdin.on("error", () => {});
    child.on("error", (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(e.code === "ENOENT" ? gitMissing() : gitFailed(null, e.message));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (timedOut) resolve(gitFailed(code, `git ${args[0]} took longer than ${Math.round(options.timeoutMs / 1000)} s`));
      else if (code !== null && (options.answers ?? [0]).includes(code)) resolve(Buffer.concat(out));
      else resolve(gitFailed(code, Buffer.concat(err).toString("utf8")));
    });
    child.stdin.end(options.input ?? "");
  });
