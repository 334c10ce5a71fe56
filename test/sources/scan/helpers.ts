import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";

export const FIXTURES = join(import.meta.dirname, "../../../fixtures/scan");

/** A fresh temp directory (real path, so symlink checks compare like with like). */
export const tempDir = (prefix = "nemesis-scan-"): string => realpathSync(mkdtempSync(join(tmpdir(), prefix)));

export const removeDir = (dir: string): void => rmSync(dir, { recursive: true, force: true });

export const write = (root: string, rel: string, content: string | Buffer): void => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), content);
};

/** The environment without a git hook's variables: they would point every command at the outer repository. */
const gitEnv = (() => {
  const env = { ...process.env };
  for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete env[name];
  return env;
})();

/** Whether `git` is installed: tests that need a real repository are skipped without it. */
export const hasGit = (() => {
  try {
    execFileSync("git", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** Runs git in `cwd` with a fixed identity and default branch, whatever the machine's configuration. */
export const git = (cwd: string, ...args: string[]): Buffer =>
  execFileSync("git", ["-c", "user.name=test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main", ...args], {
    cwd,
    env: gitEnv,
    stdio: "pipe",
  });

/** Temp directories a test file makes, removed after each test: `track(tempDir())`. */
export const trackedDirs = (): ((dir: string) => string) => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) removeDir(d);
  });
  return (dir) => (dirs.push(dir), dir);
};

/**
 * Makes `dir` a git work tree with nothing committed, as a user's checkout is: its .gitignore
 * files then apply (outside a repository they do not). Where git is not installed an empty
 * `.git` directory marks the repository just the same for the scan, which then follows
 * .gitignore alone, as it does for any repository git cannot read.
 */
export const initRepo = (dir: string): void => {
  try {
    execFileSync("git", ["init", "-q"], { cwd: dir, env: gitEnv, stdio: "ignore" });
  } catch {
    mkdirSync(join(dir, ".git"), { recursive: true });
  }
};

/**
 * Copies a fixture project into a temp git work tree (see `initRepo`), adding files git would
 * not let us commit (node_modules, ignored output).
 */
export const copyFixture = (name: string): string => {
  const dir = tempDir();
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  initRepo(dir);
  return dir;
};

export const mkfifo = (path: string): void => {
  execFileSync("mkfifo", [path]);
};

/** Root can read a chmod 000 file, so "permission denied" cannot be provoked when running as root. */
export const runningAsRoot = (): boolean => typeof process.getuid === "function" && process.getuid() === 0;

export const SCAN_DEFAULTS = { ignore: [], languages: [], maxFileBytes: 1_000_000, maxLineLength: 1_000 } as const;
