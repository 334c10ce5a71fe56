import * as Schema from "effect/Schema";
import { definePrompt } from "../prompt.js";
import { optionalText } from "../tools/fields.js";

export const sincePrompt = definePrompt({
  name: "since",
  title: "What changed since the last session",
  description: "Files, symbols, commits and project memory changed since your previous session, or since a session, commit, log position or time (get_changes_since).",
  input: Schema.Struct({
    since: optionalText("Session id, commit, log position (#1200) or time (2h, 2026-12-01); default: your previous session", 200),
  }),
  tool: "get_changes_since",
  toolArguments: (input) => (input.since !== undefined ? { since: input.since } : {}),
  message: (_input, answer) => `What changed in this project, from Nemesis's log (get_changes_since):\n\n${answer}`,
});
