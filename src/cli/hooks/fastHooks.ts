// The entry of dist/hooks.js: file-changed and session-start in one file, built without code
// splitting (scripts/bundle.mjs). Node's ES module loader costs ~1.5 ms a file, and the split
// CLI would load ~15 small chunks for these hooks; their whole budget is a few tens of ms above
// Node's start-up. main.ts tries this file first; the prompt hooks are not here (they load the
// engine anyway) and go through the split CLI.
import { fileChangedHook } from "./fileChangedHook.js";
import { runHookCommand } from "./hookMain.js";
import type { HookImplementation, HookName } from "./runHook.js";
import { sessionStartHook } from "./sessionStartHook.js";

const LIGHT_HOOKS: Partial<Record<HookName, HookImplementation>> = {
  "file-changed": async (paths, input, logger, env) => {
    await fileChangedHook(paths, input, logger, env);
    return "";
  },
  "session-start": async (paths, input, logger, env) => sessionStartHook(paths, logger, input, env),
};

/** Runs a light hook; false when the arguments ask for anything else. */
export const runFastHook = (args: ReadonlyArray<string>): Promise<boolean> => runHookCommand(args, LIGHT_HOOKS);
