import { spawn } from "node:child_process";
import { CLI } from "../helpers.js";

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the built CLI without blocking the test worker (spawnSync would stall vitest's own
 * messaging on a slow machine when many commands run in a row).
 */
export const spawnCli = (cwd: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = process.env): Promise<CliResult> =>
  new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...env, NO_COLOR: "1", NEMESIS_ACTOR: "tester" } });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d) => (stdout += d));
    p.stderr.on("data", (d) => (stderr += d));
    p.on("error", reject);
    p.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
