import * as Cause from "effect/Cause";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import { recordContextServed } from "../commands/index.js";
import { EventLog, makeEventLog } from "../events/index.js";
import { countTokens as estimateTokens } from "../shared/countTokens.js";
import type { ServedItems } from "./tool.js";
import type { ToolContext } from "./ToolContext.js";

/**
 * Appends the ContextServed of one answer (`text` is what the caller receives). Never throws: a
 * failure to log is handed to `onFailure` as one line, and the answer goes out as it is.
 */
export const logContextServed = (
  ctx: ToolContext,
  tool: string,
  items: ServedItems,
  text: string,
  onFailure: (message: string) => void,
): void => {
  try {
    const command = recordContextServed({
      served: {
        session: ctx.caller.session ?? null,
        client: ctx.caller.name,
        tool,
        task: items.task,
        files: items.files,
        symbols: items.symbols,
        rules: items.rules,
        tokens: items.tokens ?? estimateTokens(text),
      },
      keepTask: ctx.config.privacy.log_tasks,
      meta: { source: ctx.caller.source, actor: ctx.caller.name },
    });
    const exit = Effect.runSyncExit(Effect.provideService(command, EventLog, makeEventLog(ctx.log)));
    if (Exit.isFailure(exit)) onFailure(notLogged(tool, Cause.squash(exit.cause)));
  } catch (e) {
    onFailure(notLogged(tool, e));
  }
};

const notLogged = (tool: string, e: unknown): string =>
  `the context ${tool} served was not logged (the answer went out): ${e instanceof Error ? e.message : String(e)}`;
