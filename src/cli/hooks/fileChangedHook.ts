import { realpathSync } from "node:fs";
import { loadHookConfig, type NemesisPaths } from "../../config/index.js";
import { closeEventLog, openEventLog } from "../../events/log.js";
import type { Logger } from "../../mcp/index.js";
import { recordHookedFile } from "../../sources/index.js";
import type { HookInput } from "./hookInput.js";
import { hookMeta } from "./hookMeta.js";

/**
 * PostToolUse on Edit, Write, MultiEdit and NotebookEdit: records the file the tool wrote as one
 * event in the log and answers nothing. A running engine's follow loop picks the event up; with
 * none, the next query's catch-up does. Anything odd is a note in the log, never an error.
 */
export const fileChangedHook = async (paths: NemesisPaths, input: HookInput, logger: Logger, env: NodeJS.ProcessEnv): Promise<void> => {
  const named = input.toolInput.file_path ?? input.toolInput.notebook_path;
  if (typeof named !== "string" || named.trim() === "") {
    logger.info(`file-changed: ${input.toolName ?? "the tool"} named no file (tool_input.file_path or notebook_path); nothing recorded`);
    return;
  }
  const config = loadHookConfig(paths.config);
  if (!config.ok) {
    logger.error(`file-changed: ${config.reason}; ${named} was not recorded (nemesis index records it once the config is fixed)`);
    return;
  }
  const log = openEventLog(paths.events);
  try {
    const outcome = await recordHookedFile(log, { root: realpathSync(paths.root), filePath: named, config: config.config, meta: hookMeta("hook", input, env) });
    if (outcome.kind === "refused") logger.error(`file-changed: ${outcome.reason}; nothing recorded`);
    else if (outcome.kind === "missing") {
      logger.info(`file-changed: ${outcome.path} is not on disk; ${outcome.recorded ? "recorded as deleted" : "nothing recorded"}`);
    }
  } finally {
    closeEventLog(log);
  }
};
