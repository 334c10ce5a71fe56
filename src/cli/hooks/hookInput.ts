/**
 * The JSON Claude Code writes on a hook's stdin (the fields Nemesis reads; others are ignored).
 * Common to every event: session_id, transcript_path, cwd, hook_event_name. PreToolUse and
 * PostToolUse add tool_name and tool_input, UserPromptSubmit adds prompt, SessionStart source.
 */
export interface HookInput {
  readonly sessionId: string | null;
  readonly transcriptPath: string | null;
  readonly cwd: string | null;
  readonly eventName: string | null;
  readonly toolName: string | null;
  readonly toolInput: Readonly<Record<string, unknown>>;
  readonly prompt: string | null;
}

export type HookInputRead = { readonly ok: true; readonly input: HookInput } | { readonly ok: false; readonly reason: string };

const text = (o: Record<string, unknown>, key: string): string | null => (typeof o[key] === "string" ? (o[key] as string) : null);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Decodes stdin. By hand rather than through a Schema: the file-changed and session-start hooks
 * must answer within tens of milliseconds of Node's start-up, and the schema library alone takes
 * ~150 ms to load. Every field is optional here; each hook says what it misses.
 */
export const parseHookInput = (stdin: string): HookInputRead => {
  if (stdin.trim() === "") return { ok: false, reason: "no hook input on stdin: Claude Code passes the event as JSON (run it from a hook, or pipe the JSON in)" };
  let raw: unknown;
  try {
    raw = JSON.parse(stdin);
  } catch (e) {
    return { ok: false, reason: `the hook input is not JSON (${(e as Error).message.replace(/\s+/g, " ")}): expected Claude Code's hook event object` };
  }
  if (!isObject(raw)) return { ok: false, reason: "the hook input is JSON but not an object: expected Claude Code's hook event object" };
  return {
    ok: true,
    input: {
      sessionId: text(raw, "session_id"),
      transcriptPath: text(raw, "transcript_path"),
      cwd: text(raw, "cwd"),
      eventName: text(raw, "hook_event_name"),
      toolName: text(raw, "tool_name"),
      toolInput: isObject(raw.tool_input) ? raw.tool_input : {},
      prompt: text(raw, "prompt"),
    },
  };
};

/** Claude Code's answer format: `hookSpecificOutput.additionalContext` is added to what the model sees. */
export const contextAnswer = (hookEventName: "SessionStart" | "UserPromptSubmit" | "PreToolUse", additionalContext: string): string =>
  `${JSON.stringify({ hookSpecificOutput: { hookEventName, additionalContext } })}\n`;
