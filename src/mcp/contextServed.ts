import { logContextServed as appendContextServed } from "../commands/index.js";
import { countTokens as estimateTokens } from "../shared/index.js";
import type { ServedItems } from "./tool.js";
import type { ToolContext } from "./ToolContext.js";

/**
 * Appends the ContextServed of one answer (`text` is what the caller receives). Never throws: a
 * failure to log is handed to `onFailure` as one line, and the answer goes out as it is.
 */
export const logContextServed = (ctx: ToolContext, tool: string, items: ServedItems, text: string, onFailure: (message: string) => void): void => {
  const result = appendContextServed(ctx.log, {
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
  if ("failed" in result) onFailure(`the context ${tool} served was not logged (the answer went out): ${result.failed}`);
};
