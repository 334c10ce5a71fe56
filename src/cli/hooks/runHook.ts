import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { findProjectRoot, nemesisPaths, type NemesisPaths } from "../../config/index.js";
import type { Logger } from "../../mcp/index.js";
import { parseHookInput, type HookInput } from "./hookInput.js";
import { hookLogger } from "./hookLog.js";

export const HOOK_NAMES = ["session-start", "file-changed", "prompt-submit", "pre-task"] as const;
export type HookName = (typeof HOOK_NAMES)[number];

export const isHookName = (name: string): name is HookName => (HOOK_NAMES as ReadonlyArray<string>).includes(name);

export interface HookRunOptions {
  /** `--root`: the project; otherwise the nearest one above the input's cwd, $CLAUDE_PROJECT_DIR or the process's cwd. */
  readonly root?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

/** One hook's work once its project is found: what goes on stdout ("" for nothing). */
export type HookImplementation = (paths: NemesisPaths, input: HookInput, logger: Logger, env: NodeJS.ProcessEnv) => Promise<string>;

/** The project a hook acts on, or null when there is none (no `.nemesis/` at or above the start). */
const locate = (input: HookInput | null, options: HookRunOptions, env: NodeJS.ProcessEnv): NemesisPaths | null => {
  if (options.root !== undefined) {
    const paths = nemesisPaths(resolve(options.root));
    return existsSync(paths.dir) ? paths : null;
  }
  const root = findProjectRoot(input?.cwd ?? env.CLAUDE_PROJECT_DIR ?? options.cwd ?? process.cwd());
  return root === null ? null : nemesisPaths(root);
};

/**
 * Runs one hook on the JSON Claude Code wrote to stdin and resolves to what goes on stdout ("" for
 * nothing). It never rejects: a hook fails open, so whatever goes wrong becomes a note on stderr
 * and in `.nemesis/logs/hooks.log`, and the agent carries on. `nemesis hook <name>` calls this;
 * so can a test or a benchmark, in-process. `hooks` is where each hook's work is looked up
 * (allHooks.ts has them all; dist/hooks.js only the light ones).
 */
export const runHook = async (name: HookName, stdin: string, options: HookRunOptions, hooks: Partial<Record<HookName, HookImplementation>>): Promise<string> => {
  const env = options.env ?? process.env;
  let logger: Logger | null = null;
  try {
    const parsed = parseHookInput(stdin);
    const input = parsed.ok ? parsed.input : null;
    const paths = locate(input, options, env);
    logger = hookLogger(paths?.dir ?? null, env);
    if (!parsed.ok) {
      logger.error(`${name}: ${parsed.reason}; nothing done`);
      return "";
    }
    if (paths === null) {
      const from = options.root ?? input!.cwd ?? env.CLAUDE_PROJECT_DIR ?? options.cwd ?? process.cwd();
      logger.info(`${name}: no Nemesis project at or above ${from} (no .nemesis/): run \`nemesis index\` there to set one up; nothing done`);
      return "";
    }
    const hook = hooks[name];
    if (hook === undefined) throw new Error(`the hook ${name} is not part of this entry point`);
    return await hook(paths, input!, logger, env);
  } catch (e) {
    try {
      (logger ?? hookLogger(null, env)).error(`${name} failed (the agent goes on without it)`, e);
    } catch {
      /* a hook must not fail even when its log cannot be written */
    }
    return "";
  }
};
