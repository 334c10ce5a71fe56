import type { StartWatcher } from "../mcp/watchControl.js";

/**
 * The file watcher as the engine's owner starts it (`serve`, `watch`): the composition root
 * hands it to the MCP backend, which never imports a change source itself. Loaded, with
 * chokidar, only when a watcher starts.
 */
export const startWatcher: StartWatcher = async (options) => (await import("../sources/watcher/index.js")).startWatcher(options);
