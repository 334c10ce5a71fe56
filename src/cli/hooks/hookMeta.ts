import type { EventMeta } from "../../events/index.js";
import type { HookInput } from "./hookInput.js";

/** Who wrote an event from a hook: the source, the user the agent runs as, and the Claude Code session. */
export const hookMeta = (source: "hook" | "auto-learn", input: HookInput, env: NodeJS.ProcessEnv): EventMeta => {
  const actor = env.NEMESIS_ACTOR ?? env.USER ?? env.USERNAME;
  return { source, ...(actor ? { actor } : {}), ...(input.sessionId ? { session: input.sessionId } : {}) };
};
