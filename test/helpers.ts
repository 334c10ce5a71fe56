import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CHILD_WAIT_MS } from "./child.js";

export const REPO_ROOT = resolve(import.meta.dirname, "..");
export const CLI = join(REPO_ROOT, "dist", "cli.js");

/** A fresh temporary directory, removed by the returned cleanup. */
export const tempDir = (prefix = "nemesis-test-"): { dir: string; cleanup: () => void } => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
};

/**
 * Runs the built CLI as a real process (vitest's globalSetup builds it: test/buildOnce.ts). A command that does
 * not exit within CHILD_WAIT_MS is killed and fails the test with its stderr.
 */
export const runCli = (cwd: string, args: ReadonlyArray<string>, input?: string, env: Readonly<Record<string, string>> = {}, waitMs = CHILD_WAIT_MS) => {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: "utf8",
    input,
    env: { ...process.env, NO_COLOR: "1", ...env },
    timeout: waitMs,
    killSignal: "SIGKILL",
  });
  if (r.error !== undefined) {
    const what = (r.error as NodeJS.ErrnoException).code === "ETIMEDOUT" ? `did not exit within ${waitMs / 1000} s (killed it)` : `could not run (${r.error.message})`;
    throw new Error(`nemesis ${args.join(" ")} ${what}; its stderr: ${r.stderr?.trim() || "(empty)"}`);
  }
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
};
