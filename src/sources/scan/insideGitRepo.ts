import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * True when `dir` or one of its ancestors holds a `.git` entry — a directory, or a file as in
 * linked worktrees and submodules. That is where git would look for the repository; outside
 * one, a .gitignore means nothing to git (a tarball, an exported tree) and tracked files cannot
 * be told from build output, so the scan does not apply it (ripgrep and fd decide the same way).
 */
export const insideGitRepo = (dir: string): boolean => {
  for (let current = resolve(dir); ; ) {
    if (existsSync(join(current, ".git"))) return true;
    const up = dirname(current);
    if (up === current) return false;
    current = up;
  }
};
