import { defaultConfig, nemesisPaths } from "../../src/config/index.js";
import { closeEventLog, openEventLog } from "../../src/events/index.js";
import type { EngineContext } from "../../src/engine/index.js";

/** An engine context on a project in `root` with default config and a fresh log in .nemesis/. */
export const projectContext = (root: string): EngineContext & { close(): void } => {
  const paths = nemesisPaths(root);
  const log = openEventLog(paths.events);
  return { paths, config: defaultConfig(), log, close: () => closeEventLog(log) };
};
