import { existsSync, realpathSync } from "node:fs";
import { basename } from "node:path";
// Each module by its own path: the hook must answer within 300 ms, Node's start-up included.
import { findStaleFiles } from "../../sources/index.js";
import { HOOK_CONFIG_DEFAULTS, loadHookConfig, type NemesisPaths } from "../../config/index.js";
import { engineOwner, readCatalogSummary } from "../../engine/index.js";
import { closeEventLog, countPendingEvents, openEventLog } from "../../events/log.js";
import type { Logger } from "../../mcp/index.js";
import { countTokens } from "../../shared/index.js";
import { architectureCachePath, readArchitectureCache, sessionBrief } from "../../queries/index.js";
import { contextAnswer, type HookInput } from "./hookInput.js";
import { sinceLastSession } from "./sinceLastSession.js";
import { staleMemoryFlags } from "./staleMemory.js";

/**
 * The brief's budget by the project's token estimate (countTokens, fitted on source code). The
 * brief must stay under 2,000 cl100k tokens, and on prose the estimate runs low: by ~20% on
 * English, ~28% on German (tiktoken itself takes ~1.5 s to load, far over a hook's budget).
 */
export const SESSION_BRIEF_TOKENS = 1_500;

/** How long the stale check may hash files whose stat changed; past it, a changed stat counts as changed. */
const HASH_BUDGET_MS = 40;
/** How long it may look at the disk at all (one stat a file: ~10k files); past it, the rest go unchecked. */
const STALE_CHECK_MS = 80;

/** File events the catalog has not applied yet (none when nothing was ever logged). */
const pendingFileEvents = (eventsPath: string, checkpoint: number): number => {
  if (!existsSync(eventsPath)) return 0;
  const log = openEventLog(eventsPath, { readonly: true });
  try {
    return countPendingEvents(log, checkpoint, ["FileChanged", "FileDeleted", "FileSkipped"]).pending;
  } finally {
    closeEventLog(log);
  }
};

/**
 * SessionStart: records the session's start, then answers what changed since the last one, what the project is, the rules in force (stale ones flagged), the latest decisions and a warning when
 * the index is empty or stale, as additional context. Reads catalog.db, the log's head and the
 * architecture summary an engine cached; never the graph or the chunk index.
 */
export const sessionStartHook = (paths: NemesisPaths, logger: Logger, input: HookInput, env: NodeJS.ProcessEnv): string => {
  const loaded = loadHookConfig(paths.config);
  if (!loaded.ok) logger.error(`session-start: ${loaded.reason}; going on with the defaults`);
  const config = loaded.ok ? loaded.config : HOOK_CONFIG_DEFAULTS;
  const root = realpathSync(paths.root);
  const catalog = readCatalogSummary(paths.catalog);
  const now = Date.now();
  const stale = catalog === null ? null : findStaleFiles(root, catalog.indexed, config.maxFileBytes, { deadline: now + HASH_BUDGET_MS, stopAt: now + STALE_CHECK_MS });
  const since = sinceLastSession(paths, input, logger, env);
  const brief = sessionBrief(
    {
      sinceLastSession: since,
      staleMemory: staleMemoryFlags(paths, logger),
      projectName: config.name || basename(root),
      root,
      catalog,
      architecture: readArchitectureCache(architectureCachePath(paths.dir)),
      freshness: {
        changed: stale === null ? [] : [...stale.changed, ...stale.unverified],
        missing: stale?.missing ?? [],
        unchecked: stale?.unchecked ?? 0,
        pending: catalog === null ? 0 : pendingFileEvents(paths.events, catalog.checkpoint),
        engineRunning: engineOwner(paths.lock) !== null,
      },
    },
    { maxTokens: SESSION_BRIEF_TOKENS, count: countTokens },
  );
  return contextAnswer("SessionStart", brief);
};
