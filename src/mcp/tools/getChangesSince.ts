import * as Schema from "effect/Schema";
import { readChanges, resolveSince } from "../../engine/index.js";
import { renderChanges } from "../../queries/index.js";
import { countTokens } from "../capText.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import type { ToolCaller } from "../ToolContext.js";
import { int, optionalText } from "./fields.js";

const Input = Schema.Struct({
  since: optionalText("Session id, commit, log position (#1200) or time (2h, 2026-12-01); default: your previous session", 200),
  max_tokens: int("Token budget of the answer", 200, 20_000, 2_000),
});

const Writer = Schema.Struct({ source: Schema.String, session: Schema.NullOr(Schema.String), actor: Schema.NullOr(Schema.String), pull: Schema.NullOr(Schema.String) });

const Output = Schema.Struct({
  from: Schema.Struct({ position: Schema.Number, label: Schema.String, at: Schema.NullOr(Schema.String) }),
  to: Schema.Number,
  files: Schema.Array(
    Schema.Struct({
      change: Schema.Literal("added", "modified", "deleted", "renamed"),
      path: Schema.String,
      from: Schema.NullOr(Schema.String),
      hash: Schema.NullOr(Schema.String),
      by: Writer,
    }),
  ),
  symbols: Schema.Array(
    Schema.Struct({
      change: Schema.Literal("added", "removed", "signature"),
      path: Schema.String,
      id: Schema.String,
      name: Schema.String,
      kind: Schema.String,
      signature: Schema.String,
      before: Schema.NullOr(Schema.String),
    }),
  ),
  commits: Schema.Array(Schema.Struct({ sha: Schema.String, subject: Schema.String, author: Schema.String, time: Schema.Number, files: Schema.Number })),
  memory: Schema.Array(
    Schema.Struct({
      change: Schema.Literal("recorded", "retired", "superseded", "updated"),
      memory: Schema.Literal("rule", "decision", "convention"),
      id: Schema.String,
      text: Schema.String,
      status: Schema.String,
      note: Schema.NullOr(Schema.String),
    }),
  ),
});

/** An MCP client in a session compares with its own previous one; `nemesis query` with the last session of anyone. */
const sinceCaller = (caller: ToolCaller) => (caller.session !== undefined ? { client: caller.name, sessionId: caller.session } : null);

export const getChangesSinceTool = defineTool({
  name: "get_changes_since",
  title: "Changes since",
  description:
    "What happened since your previous session (or a session, commit, log position or time): files added, modified, deleted or renamed and by whom (a hook session, the watcher, a pull), symbols added, removed or re-signed, commits that arrived, rules and decisions recorded, retired or superseded. Example: {\"since\": \"2h\"}",
  toolset: "history",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const resolved = resolveSince(ctx.log, input.since, sinceCaller(ctx.caller));
    if (!resolved.ok) throw toolError(resolved.message);
    return readChanges(ctx.log, resolved.from, resolved.to, { symbols: true });
  },
  render: (out, input) => renderChanges(out, { maxTokens: input.max_tokens, count: countTokens }),
});
