import * as Schema from "effect/Schema";

/**
 * What one answer served an agent (stream `context:<session>`, or `context:-` for a call in no
 * session): get_smart_context and get_code_semantics answers, and the prompt hook's context. The
 * context report compares these with the files the session then edited.
 */
export const ContextServed = Schema.Struct({
  /** The session the call belongs to (the MCP client's SessionStarted, or the hook's session id); null for `nemesis query`. */
  session: Schema.NullOr(Schema.String),
  /** The client that asked (`clientInfo.name`, `nemesis-hook`, `nemesis-cli`). */
  client: Schema.String,
  tool: Schema.String,
  /** The task or query text; null when `[privacy] log_tasks = false`. */
  task: Schema.NullOr(Schema.String),
  /** Files the answer showed code of, best first, each once. */
  files: Schema.Array(Schema.String),
  /** Symbols the answer showed, as the tool named them. */
  symbols: Schema.Array(Schema.String),
  /** Ids of the rules the answer included. */
  rules: Schema.Array(Schema.String),
  /** The answer's size in cl100k tokens (exact for get_smart_context, estimated for the rest). */
  tokens: Schema.Number,
});
export type ContextServed = typeof ContextServed.Type;
