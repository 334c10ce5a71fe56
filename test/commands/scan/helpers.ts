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

/** Copies a fixture project into a temp dir, adding files git would not let us commit (node_modules, ignored output). */
export const copyFixture = (name: string): string => {
  const dir = tempDir();
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  return dir;
};

export const mkfifo = (path: string): void => {
  execFileSync("mkfifo", [path]);
};

/** Root can read a chmod 000 file, so "permission denied" cannot be provoked when running as root. */
export const runningAsRoot = (): boolean => typeof process.getuid === "function" && process.getuid() === 0;

export const SCAN_DEFAULTS = { ignore: [], languages: [], maxFileBytes: 1_000_000, maxLineLength: 1_000 } as const;
