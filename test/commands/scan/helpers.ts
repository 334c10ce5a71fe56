import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export const FIXTURES = join(import.meta.dirname, "../../../fixtures/scan");

/** A fresh temp directory (real path, so symlink checks compare like with like). */
export const tempDir = (prefix = "nemesis-scan-"): string => realpathSync(mkdtempSync(join(tmpdir(), prefix)));

export const removeDir = (dir: string): void => rmSync(dir, { recursive: true, force: true });

export const write = (root: string, rel: string, content: string | Buffer): void => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), content);
};

/**
 * Makes `dir` a git work tree with nothing committed, as a user's checkout is: its .gitignore
 * files then apply (outside a repository they do not). Where git is not installed an empty
 * `.git` directory marks the repository just the same for the scan, which then follows
 * .gitignore alone, as it does for any repository git cannot read.
 */
export const initRepo = (dir: string): void => {
  const env = { ...process.env };
  for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete env[name];
  try {
    execFileSync("git", ["init", "-q"], { cwd: dir, env, stdio: "ignore" });
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
