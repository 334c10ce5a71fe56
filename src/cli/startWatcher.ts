import type { StartWatcher } from "../engine/index.js";
import { removeWatcherState, writeWatcherState } from "../sources/index.js";
import { importWatcher } from "../sources/lazy.js";

/**
 * The file watcher as the engine's owner starts it (`serve`, `watch`): the composition root
 * hands it to the MCP backend, which never imports a change source itself. Loaded, with
 * chokidar, only when a watcher starts.
 */
export const startWatcher: StartWatcher = Object.assign(async (options: Parameters<StartWatcher>[0]) => (await importWatcher()).startWatcher(options), {
  record: (nemesisDir: string, state: Parameters<NonNullable<StartWatcher["record"]>>[1]) => {
    try {
      if (state === null) removeWatcherState(nemesisDir);
      else writeWatcherState(nemesisDir, state);
    } catch {
      /* status is a convenience: the server goes on */
    }
  },
});
