import * as Either from "effect/Either";
import * as Schema from "effect/Schema";
import { readFileSync } from "node:fs";

/** What a person typed in one turn of a Claude Code session. */
export interface UserTurn {
  readonly text: string;
  readonly sessionId: string | null;
}

const TextBlock = Schema.Struct({ type: Schema.Literal("text"), text: Schema.String });

/**
 * A user line of a Claude Code transcript (~/.claude/projects/<project>/<session>.jsonl). Other
 * lines (assistant turns, summaries, file snapshots) and user lines that carry tool results have
 * another shape or no text block, and are skipped.
 */
const UserLine = Schema.Struct({
  type: Schema.Literal("user"),
  message: Schema.Struct({ content: Schema.Union(Schema.String, Schema.Array(Schema.Unknown)) }),
  sessionId: Schema.optional(Schema.String),
  isMeta: Schema.optional(Schema.Boolean),
  isSidechain: Schema.optional(Schema.Boolean),
  userType: Schema.optional(Schema.String),
});
const decodeLine = Schema.decodeUnknownEither(Schema.parseJson(UserLine));
const decodeBlock = Schema.decodeUnknownEither(TextBlock);

/** Text Claude Code itself puts in a user turn: slash-command echoes, command output, the compaction summary. */
const INJECTED = /^\s*(<command-(name|message|args)>|<local-command-(stdout|stderr)>|<system-reminder>|Caveat: |This session is being continued from a previous conversation)/;

/**
 * The turns a person typed, in order. Left out: meta lines and sidechains (a subagent's prompt is
 * written by the agent, not by the user), tool results, and text Claude Code injects. A line that
 * is not JSON is skipped: a transcript being written may end in half a line.
 */
export const userTurns = (jsonl: string): UserTurn[] => {
  const out: UserTurn[] = [];
  for (const line of jsonl.split("\n")) {
    if (line.trim() === "") continue;
    const decoded = decodeLine(line);
    if (Either.isLeft(decoded)) continue;
    const l = decoded.right;
    if (l.isMeta === true || l.isSidechain === true || (l.userType !== undefined && l.userType !== "external")) continue;
    const content = l.message.content;
    const texts =
      typeof content === "string"
        ? [content]
        : content.flatMap((block) => {
            const b = decodeBlock(block);
            return Either.isRight(b) ? [b.right.text] : [];
          });
    for (const text of texts) if (!INJECTED.test(text)) out.push({ text, sessionId: l.sessionId ?? null });
  }
  return out;
};

export type TranscriptRead = { readonly ok: true; readonly turns: UserTurn[] } | { readonly ok: false; readonly reason: string };

/** Reads a transcript file: its user turns, or why it could not be read. */
export const readTranscript = (path: string): TranscriptRead => {
  try {
    return { ok: true, turns: userTurns(readFileSync(path, "utf8")) };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : (code ?? (e as Error).message);
    return { ok: false, reason: `cannot read the transcript ${path} (${why}): pass the .jsonl file of a session, from ~/.claude/projects/<project>/` };
  }
};
