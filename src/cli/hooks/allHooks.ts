import { runHookCommand } from "./hookMain.js";
import { runHook, type HookImplementation, type HookName, type HookRunOptions } from "./runHook.js";

/**
 * Every hook, each loaded only when it runs: start-up is most of a hook's cost, and the prompt
 * hooks bring the schema library, the tool registry and the engine client.
 */
export const ALL_HOOKS: Readonly<Record<HookName, HookImplementation>> = {
  "file-changed": async (paths, input, logger, env) => {
    await (await import("./fileChangedHook.js")).fileChangedHook(paths, input, logger, env);
    return "";
  },
  "session-start": async (paths, input, logger, env) => (await import("./sessionStartHook.js")).sessionStartHook(paths, logger, input, env),
  "prompt-submit": async (paths, input, logger, env) => (await import("./promptHook.js")).promptHook("prompt-submit", paths, input, logger, env),
  "pre-task": async (paths, input, logger, env) => (await import("./promptHook.js")).promptHook("pre-task", paths, input, logger, env),
};

/** Any hook, in-process: what `nemesis hook <name>` does with its stdin (see runHook). */
export const runAnyHook = (name: HookName, stdin: string, options: HookRunOptions = {}): Promise<string> => runHook(name, stdin, options, ALL_HOOKS);

/** `nemesis hook <name>` for any hook; false when the arguments are not a hook run. */
export const runAnyHookCommand = (args: ReadonlyArray<string>): Promise<boolean> => runHookCommand(args, ALL_HOOKS);
