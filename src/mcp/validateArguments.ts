import * as Either from "effect/Either";
import * as ParseResult from "effect/ParseResult";
import * as Schema from "effect/Schema";
import { fullJsonSchema, type Json } from "./jsonSchema.js";
import { shapeInWords, type ShapeNode } from "./shapeInWords.js";
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
 * and every problem is named in one line with what the field accepts, so the agent can fix its call.
 * `label` names a field as the caller's surface spells it (a CLI flag).
 */
export const validateArguments = <I, O>(tool: ToolDefinition<I, O>, raw: unknown, label: (field: string) => string = (field) => field): ToolArguments<I> => {
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
  if (Either.isLeft(decoded)) throw toolError(`invalid arguments for ${tool.name}: ${describeIssues(tool, decoded.left, rest, label)}`);
  return { input: decoded.right, jsonOutput };
};

/** Each tool's full input schema, derived on its first bad call: what the messages describe. */
const fullSchemas = new WeakMap<object, Json>();
const fullSchemaOf = (tool: ToolDefinition): Json => {
  let schema = fullSchemas.get(tool);
  if (!schema) fullSchemas.set(tool, (schema = fullJsonSchema(tool.input)));
  return schema;
};

/** A value as the message quotes it: Effect would quote a 10 MB string whole. */
const quoted = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

/**
 * One sentence per field in trouble, saying what it accepts in words taken from the tool's
 * own schema ("depth must be a whole number from 1 to 5 (got 10)"), so every tool names its
 * limits without a message of its own. Effect reports a union's every member and an array's
 * every element; the field's shape says it all once.
 */
const describeIssues = (tool: ToolDefinition, error: ParseResult.ParseError, args: Record<string, unknown>, label: (field: string) => string): string => {
  const properties = (fullSchemaOf(tool).properties ?? {}) as Record<string, ShapeNode>;
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(error)) {
    const field = issue.path.length === 0 ? "" : String(issue.path[0]);
    if (seen.has(field)) continue;
    seen.add(field);
    if (issue._tag === "Unexpected") {
      parts.push(`unknown field "${field}" (accepted: ${[...Object.keys(properties), "json_output"].join(", ")})`);
      continue;
    }
    const shape = field in properties ? shapeInWords(properties[field]!) : null;
    if (shape === null) parts.push(`${field === "" ? "arguments" : label(field)}: ${issue.message.replace(/actual "([^"]{60})[^"]*"/, 'actual "$1…"').replace(/\s+/g, " ")}`);
    else if (issue._tag === "Missing") parts.push(`${label(field)} is required: ${shape}`);
    else parts.push(`${label(field)} must be ${shape} (got ${quoted(args[field])})`);
  }
  return parts.join("; ");
};
