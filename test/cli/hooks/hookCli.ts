import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startNode } from "../../child.js";
import { CLI } from "../../helpers.js";

/** Where notes go when a hook finds no project: a per-test state directory, not the user's. */
export const stateHome = mkdtempSync(join(tmpdir(), "nemesis-hook-state-"));
export const removeStateHome = (): void => rmSync(stateHome, { recursive: true, force: true });

/** The test runner may itself run inside Claude Code: its project must not leak into these runs. */
const hookEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", NEMESIS_ACTOR: "tester", XDG_STATE_HOME: stateHome, ...extra };
  delete env.CLAUDE_PROJECT_DIR;
  return env;
};

export interface HookRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `nemesis <args>` as Claude Code runs a hook: the event as JSON on stdin, then stdin closed. */
export const runCli = async (cwd: string, args: ReadonlyArray<string>, stdin = "", env: NodeJS.ProcessEnv = {}, waitMs?: number): Promise<HookRun> => {
  const child = startNode(CLI, args, { cwd, env: hookEnv(env), name: `nemesis ${args.join(" ")}`, ...(waitMs === undefined ? {} : { waitMs }) });
  child.end(stdin);
  const { code, stdout, stderr } = await child.exit();
  return { code, stdout, stderr };
};

export const hookLog = (root: string | null): string => {
  const path = root === null ? join(stateHome, "nemesis", "logs", "hooks.log") : join(root, ".nemesis", "logs", "hooks.log");
  return existsSync(path) ? readFileSync(path, "utf8") : "";
};

/** Claude Code's hook input: the common fields plus the event's own. */
export const hookInput = (cwd: string, event: string, fields: Record<string, unknown> = {}): string =>
  JSON.stringify({ session_id: "sess-1", transcript_path: join(cwd, "t.jsonl"), cwd, hook_event_name: event, ...fields });
