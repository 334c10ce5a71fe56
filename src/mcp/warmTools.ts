import type { Logger } from "./logger.js";
import type { ToolDefinition } from "./tool.js";
import type { ToolContext } from "./ToolContext.js";

/**
 * Quiet time after the read models last moved before warming again: idle-time work. A warm-up
 * redoes whole-graph work (the architecture's ranks, get_smart_context's graph: ~1-2 s of CPU on
 * sympy), and on a small machine it would take the cores the next save's projection and the
 * next answer need while edits come in quick succession; a burst of edits warms once, after it.
 */
export const SETTLE_MS = 3_000;
/** A warm-up shorter than this is not worth a log line (nothing had changed). */
const WORTH_LOGGING_MS = 20;

export interface ToolWarmer {
  /** Warms every tool now (or after the warm-up running ends). */
  warm(): Promise<void>;
  /** Warms again once the read models have been still for a moment. */
  changed(): void;
  /** Cancels a scheduled warm-up and waits for a running one: the read models may close after. */
  stop(): Promise<void>;
}

/**
 * Runs the tools' `warm` in the background of a serving engine, one at a time, so the first
 * call after a start or a change finds the graph snapshots and precomputed answers loaded. A
 * failure is logged and leaves the tool to load on its first call, as it would unwarmed.
 */
export const toolWarmer = (
  tools: ReadonlyArray<ToolDefinition>,
  context: () => ToolContext,
  logger: Logger,
  /**
   * Whether the engine has work in hand (a pass running, changes the watcher has not handed over
   * yet): a warm-up waits until it has none, and one under way stops between tools. A warm-up
   * beside a branch switch's pass took the main thread from it for seconds, and loaded a graph
   * the pass was about to replace.
   */
  busy: () => boolean = () => false,
  /** Runs after a warm-up that followed a change went through while the engine stayed idle: the burst is over. */
  settled: () => void = () => {},
): ToolWarmer => {
  const warmable = tools.filter((t) => t.warm !== undefined);
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const once = async (first: boolean) => {
    const t0 = performance.now();
    const ctx = context();
    // The freshness line every read-only answer carries: its first look at the disk reads every
    // indexed file's row (250 ms on sympy), which the first answer would otherwise wait for.
    await ctx.freshness().catch((e: unknown) => logger.error("the freshness line failed", e));
    for (const t of warmable) {
      if (stopped) return;
      // The first warm-up after a start always runs (the bench waits for its line); later ones yield to the engine.
      if (!first && busy()) return void later();
      try {
        await t.warm!(ctx);
      } catch (e) {
        logger.error(`warming ${t.name} failed (its first call loads instead)`, e);
      }
    }
    const ms = performance.now() - t0;
    // The first line is written even with nothing to warm: the bench waits for it.
    if (first || ms >= WORTH_LOGGING_MS) logger.info(`warmed ${warmable.map((t) => t.name).join(", ") || "no tools"} in ${Math.round(ms)} ms`);
    if (!first && !stopped && !busy()) settled();
  };

  let warmedOnce = false;
  const warm = () => {
    if (stopped) return running;
    running = running.then(() => {
      const first = !warmedOnce;
      warmedOnce = true;
      return once(first);
    });
    return running;
  };

  /** Warms once the read models have been still for SETTLE_MS and the engine has nothing in hand. */
  const later = () => {
    if (stopped || warmable.length === 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => (busy() ? later() : void warm()), SETTLE_MS);
  };

  return {
    warm,
    changed: later,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
};
