import { startNode } from "../child.js";
import { CLI } from "../helpers.js";

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  /** Ends with a line naming the signal when one killed the command (code -1), so a failure says so. */
  readonly stderr: string;
}

/**
 * Runs the built CLI without blocking the test worker (spawnSync would stall vitest's own
 * messaging on a slow machine when many commands run in a row). A command that does not exit
 * fails the test with its stderr (test/child.ts).
 */
export const spawnCli = async (cwd: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = process.env): Promise<CliResult> => {
  const child = startNode(CLI, args, { cwd, env: { ...env, NO_COLOR: "1", NEMESIS_ACTOR: "tester" }, name: `nemesis ${args.join(" ")}` });
  child.end();
  const { code, signal, stdout, stderr } = await child.exit();
  return { code: code ?? -1, stdout, stderr: signal === null ? stderr : `${stderr}[killed by ${signal}]\n` };
};
