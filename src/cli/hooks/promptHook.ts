import { findInstructions, type Instruction } from "../../commands/index.js";
import type { NemesisConfig, NemesisPaths } from "../../config/index.js";
import { closeEventLog, type LogHandle } from "../../events/log.js";
import type { Logger } from "../../mcp/index.js";
import { contextAnswer, type HookInput } from "./hookInput.js";
import { hookMeta } from "./hookMeta.js";
import { importProjectBackend, importRegistry, importLogger } from "../../mcp/lazy.js";
import { importConfig } from "../../config/lazy.js";
import { importLearnInstructions, importEventStoreOf, importHandleCommand } from "../../commands/lazy.js";

export type PromptHookName = "prompt-submit" | "pre-task";

/** Fewer words than this is a reply ("yes", "go on", "fix it"), not a task worth a context search. */
export const MIN_PROMPT_WORDS = 4;
/** get_smart_context's limit on the task text. */
const MAX_TASK_CHARS = 2_000;
/**
 * How long after the process started the hook stops waiting for get_smart_context. An engine
 * opened here on a large project can take longer than that to load; Claude Code would kill the
 * hook at its timeout (30 s, see hookSettings.ts), so the hook gives up first, says so in the
 * log, and adds nothing.
 */
const ANSWER_DEADLINE_MS = 25_000;
/** The tool that starts a subagent: Task, named Agent in newer Claude Code releases. */
const TASK_TOOLS = new Set(["Task", "Agent"]);

const words = (text: string): number => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Whether a prompt asks for work that code context helps with: not a slash command, not a short reply. */
export const worthContext = (text: string): boolean => !text.trimStart().startsWith("/") && words(text) >= MIN_PROMPT_WORDS;

/** The text to find context for: the user's prompt, or the task a subagent is given. */
const taskText = (name: PromptHookName, input: HookInput): string | null => {
  if (name === "prompt-submit") return input.prompt;
  const { prompt, description } = input.toolInput;
  if (typeof prompt === "string" && prompt.trim() !== "") return prompt;
  return typeof description === "string" && description.trim() !== "" ? description : null;
};

/** Stores what the prompt says durably (auto-learn); one line per entry stored, for the agent to see. */
const learn = async (instructions: ReadonlyArray<Instruction>, log: LogHandle, config: NemesisConfig, input: HookInput, env: NodeJS.ProcessEnv, logger: Logger): Promise<string[]> => {
  const [{ learnInstructions }, { eventStoreOf }, { isTaggedError }] = await Promise.all([
    importLearnInstructions(),
    importEventStoreOf(),
    importHandleCommand(),
  ]);
  const command = learnInstructions({ instructions, meta: hookMeta("auto-learn", input, env), maxChars: config.memory.max_rule_chars });
  const result = command(eventStoreOf(log));
  if (isTaggedError(result)) {
    logger.error(`auto-learn: nothing stored: ${result.message}`);
    return [];
  }
  const lines: string[] = [];
  for (const { instruction, outcome } of result) {
    if (outcome.kind === "stored") {
      logger.info(`auto-learn: stored ${outcome.stored.id} (${instruction.kind}): ${instruction.text}`);
      lines.push(`Nemesis stored this as a project ${instruction.kind} (${outcome.stored.id}): ${instruction.text}`);
    } else if (outcome.kind === "refused") logger.info(`auto-learn: not stored (${outcome.reason}): ${instruction.text}`);
  }
  return lines;
};

/**
 * UserPromptSubmit and PreToolUse on Task: the prompt (or the subagent's task) goes to
 * get_smart_context with the budget of `[hooks] context_tokens`, through the running engine when
 * there is one (its socket), else an engine opened here for this one answer; the answer comes back
 * as additional context. For pre-task that context reaches the agent calling Task, not the
 * subagent: PreToolUse's `updatedInput` could extend the Task's prompt, but Claude Code applies it
 * only with a permissionDecision of "allow" (which approves the call) or "ask" (which prompts the
 * user), so it would change who approves what; the answer carries no decision at all. With `[memory] auto_learn`, durable instructions in the user's prompt are
 * stored first. Short replies and slash commands get no context, and cost no more than Node's
 * start-up unless they hold an instruction: the config, the engine client and the tool registry
 * load only when there is work for them.
 */
export const promptHook = async (name: PromptHookName, paths: NemesisPaths, input: HookInput, logger: Logger, env: NodeJS.ProcessEnv): Promise<string> => {
  if (name === "pre-task" && input.toolName !== null && !TASK_TOOLS.has(input.toolName)) return "";
  const text = taskText(name, input);
  if (text === null) {
    logger.info(`${name}: the hook input has no ${name === "prompt-submit" ? "prompt" : "tool_input.prompt or description"}; nothing added`);
    return "";
  }
  // Only what the user typed is learned from: a subagent's task is the agent's own words.
  const instructions = name === "prompt-submit" ? findInstructions(text) : [];
  if (!worthContext(text) && instructions.length === 0) return "";

  const [{ loadConfig }, Either, { openEventLog }] = await Promise.all([importConfig(), import("effect/Either"), import("../../events/log.js")]);
  const config = loadConfig(paths.config);
  if (Either.isLeft(config)) {
    logger.error(`${name}: ${config.left.message}; nothing added`);
    return "";
  }
  const event = name === "prompt-submit" ? "UserPromptSubmit" : "PreToolUse";
  const log = openEventLog(paths.events);
  // Set when the engine is left busy past the deadline: neither it nor the log it reads is closed under it.
  let timedOut = false;
  try {
    const learned = instructions.length > 0 && config.right.memory.auto_learn ? await learn(instructions, log, config.right, input, env, logger) : [];
    const onlyLearned = () => (learned.length > 0 ? contextAnswer(event, learned.join("\n")) : "");
    if (!worthContext(text)) return onlyLearned();
    const [{ openProjectBackend }, { ALL_TOOLS }, { fileLogger }] = await Promise.all([
      importProjectBackend(),
      importRegistry(),
      importLogger(),
    ]);
    const budget = config.right.hooks.context_tokens;
    // The engine's own lines (started, caught up) go to the log only: a hook's stderr is for problems.
    const backend = await openProjectBackend({ paths, config: config.right, log, tools: ALL_TOOLS, logger: fileLogger(paths.dir, "hooks", false), mode: "once" });
    try {
      let timer: NodeJS.Timeout | undefined;
      const left = Math.max(1_000, ANSWER_DEADLINE_MS - process.uptime() * 1_000);
      const deadline = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), left)));
      const call = backend.call("get_smart_context", { task: text.slice(0, MAX_TASK_CHARS), max_tokens: budget }, {
        name: "nemesis-hook",
        source: "hook",
        // The ContextServed this call appends belongs to the Claude Code session that asked.
        ...(input.sessionId ? { session: input.sessionId } : {}),
      });
      // A call abandoned at the deadline may still fail; nobody waits for it any more.
      call.catch(() => undefined);
      const answer = await Promise.race([call, deadline]);
      clearTimeout(timer);
      if (answer === null) {
        timedOut = true;
        logger.info(`${name}: get_smart_context gave no answer within ${ANSWER_DEADLINE_MS / 1000} s of the hook's start (with no engine running, one is opened for each prompt; \`nemesis serve\`, the MCP server, keeps one warm); nothing added`);
        return onlyLearned();
      }
      const body = answer.content.map((c) => c.text).join("\n");
      if (answer.isError) {
        logger.info(`${name}: get_smart_context answered "${body.split("\n")[0]}"; nothing added`);
        return onlyLearned();
      }
      const source = `get_smart_context, at most ${budget.toLocaleString("en-US")} tokens`;
      const head =
        name === "prompt-submit"
          ? `Nemesis context for this prompt (${source}):`
          : // Claude Code adds a PreToolUse hook's context to the conversation of the agent calling Task, not to the subagent's.
            `Nemesis context for the task you are handing to a subagent (${source}). The subagent does not see this: pass on what it needs in its prompt, or let it call the nemesis tools itself.`;
      return contextAnswer(event, [...learned, head, "", body].join("\n"));
    } finally {
      // After a timeout the engine is still busy: the process exits instead of waiting for it.
      if (!timedOut) await backend.close();
    }
  } finally {
    if (!timedOut) closeEventLog(log);
  }
};
