import { homedir } from "node:os";
import { join } from "node:path";
import { fileLogger, type Logger } from "../../mcp/index.js";

/**
 * Where a hook's notes go: stderr and `.nemesis/logs/hooks.log`. Before a project is found (or
 * when there is none) there is no `.nemesis/` to write in, and a hook must not create one: the
 * note goes to the user's state directory instead ($XDG_STATE_HOME/nemesis/logs/hooks.log, by
 * default ~/.local/state/nemesis/logs/hooks.log).
 */
export const hookLogger = (nemesisDir: string | null, env: NodeJS.ProcessEnv = process.env): Logger =>
  fileLogger(nemesisDir ?? join(env.XDG_STATE_HOME || join(homedir(), ".local", "state"), "nemesis"), "hooks");
