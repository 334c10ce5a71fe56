import * as Either from "effect/Either";
import * as ParseResult from "effect/ParseResult";
import * as Schema from "effect/Schema";
import { toolError, type ToolDefinition } from "./tool.js";

/** A whole argument object over this is refused before decoding: no tool needs more. */
export const MAX_ARGUMENTS_BYTES = 256 * 1024;

export interface ToolArguments<I> {
  readonly input: I;
  /** Answer with the JSON result (structuredContent and the same JSON as text) instead of text for an LLM. */
  readonly jsonOutput: boolean;
}

/**
 * Decodes a client's arguments for `tool`: unknown fields are refused, defaults are filled in,
 * and every problem is named in one line with what was expected, so the agent can fix its call.
 */
export const validateArguments = <I>(tool: ToolDefinition<I, unknown>, raw: unknown): ToolArguments<I> => {
  const args = raw === undefined || raw === null ? {} : raw;
  if (typeof args !== "object" || Array.isArray(args)) {
    throw toolError(`${tool.name} takes an object of named arguments, not ${Array.isArray(args) ? "an array" : typeof args}`);
  }
  const size = Buffer.byteLength(JSON.stringify(args));
  if (size > MAX_ARGUMENTS_BYTES) {
    throw toolError(`arguments of ${(size / 1024).toFixed(0)} KB are too large (at most ${MAX_ARGUMENTS_BYTES / 1024} KB): shorten the text you pass`);
  }
  const { json_output: jsonOutput = false, ...rest } = args as Record<string, unknown>;
  if (typeof jsonOutput !== "boolean") throw toolError(`invalid arguments for ${tool.name}: json_output must be true or false`);
  const decoded = Schema.decodeUnknownEither(tool.input, { onExcessProperty: "error", errors: "all" })(rest);
  if (Either.isLeft(decoded)) throw toolError(`invalid arguments for ${tool.name}: ${describeIssues(decoded.left)}`);
  return { input: decoded.right, jsonOutput };
};

const describeIssues = (error: ParseResult.ParseError): string => {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(error)) {
    const field = issue.path.map(String).join(".");
    // A union reports each member it tried (`Expected undefined` for an optional field): the first says enough.
    if (seen.has(field)) continue;
    seen.add(field);
    parts.push(issue._tag === "Unexpected" ? `unknown field "${field}" (${issue.message.replace(/^is unexpected, expected: /, "accepted: ")})` : `${field || "arguments"}: ${shorten(issue.message)}`);
  }
  return parts.join("; ");
};

/** Effect quotes the actual value; a 10 MB string must not come back in the error. */
const shorten = (message: string): string => message.replace(/actual "([^"]{60})[^"]*"/, 'actual "$1…"').replace(/\s+/g, " ");
