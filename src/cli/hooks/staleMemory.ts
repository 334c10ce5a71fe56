import { existsSync } from "node:fs";
// Each module by its own path: the hook must answer within 300 ms, Node's start-up included.
import type { NemesisPaths } from "../../config/index.js";
import { readStaleMemory } from "../../engine/index.js";
import { closeEventLog, openEventLog } from "../../events/log.js";
import type { Logger } from "../../mcp/index.js";
import { staleText } from "../../queries/index.js";

/**
 * Per rule or decision id, why it is stale (`refers to parseConfig (src/config.ts), removed 3 days
 * ago by …`; several links joined): read from the log, none when there is no log. Never throws: a
 * hook fails open.
 */
export const staleMemoryFlags = (paths: NemesisPaths, logger: Logger, now = Date.now()): Map<string, string> => {
  const flags = new Map<string, string>();
  if (!existsSync(paths.events)) return flags;
  try {
    const log = openEventLog(paths.events, { readonly: true });
    try {
      for (const s of readStaleMemory(log)) {
        const text = staleText(s.target, s.flag, now);
        const before = flags.get(s.entry.id);
        flags.set(s.entry.id, before === undefined ? text : `${before}; ${text}`);
      }
    } finally {
      closeEventLog(log);
    }
  } catch (e) {
    logger.error("session-start: stale memory could not be read; the brief goes on without it", e);
  }
  return flags;
};
