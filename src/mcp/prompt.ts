import * as Either from "effect/Either";
import * as ParseResult from "effect/ParseResult";
import * as Schema from "effect/Schema";
import { inputJsonSchema } from "./jsonSchema.js";
import { toolError } from "./tool.js";

/** A tool call by name, as the server makes it for its client (the same backend as `tools/call`). */
export type CallTool = (name: string, args: Record<string, unknown>) => Promise<{ readonly content: ReadonlyArray<{ readonly text: string }>; readonly isError?: boolean }>;

/**
 * One prompt (MCP `prompts/*`; Claude Code shows them as slash commands), defined once beside the
 * tools: its arguments are an Effect Schema struct of strings, and its text is one tool's answer
 * (any tool of the registry, whichever tool sets the server lists).
 */
export interface PromptDefinition<I = any> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: Schema.Schema<I, any, never>;
  /** The tool whose answer the prompt carries. */
  readonly tool: string;
  readonly toolArguments: (input: I) => Record<string, unknown>;
  /** The user message: the tool's answer with a line that says what it is. */
  readonly message: (input: I, answer: string) => string;
}

export const definePrompt = <I>(definition: PromptDefinition<I>): PromptDefinition<I> => definition;

/** What `prompts/list` says of a prompt's arguments, derived from its schema. */
export interface PromptArgument {
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
}

export const promptArguments = (prompt: PromptDefinition): PromptArgument[] => {
  // The descriptions and required fields a tool's JSON Schema carries, from the same derivation.
  const schema = inputJsonSchema(prompt.input);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries((schema.properties ?? {}) as Record<string, { description?: string }>).map(([name, p]) => ({
    name,
    ...(p.description !== undefined ? { description: p.description } : {}),
    required: required.has(name),
  }));
};

/** The prompt's arguments decoded, or a ToolError that says what to pass. */
export const promptInput = <I>(prompt: PromptDefinition<I>, raw: unknown): I => {
  const decoded = Schema.decodeUnknownEither(prompt.input, { onExcessProperty: "error" })(raw ?? {});
  if (Either.isRight(decoded)) return decoded.right;
  const args = promptArguments(prompt).map((a) => `${a.name}${a.required ? "" : " (optional)"}`);
  throw toolError(
    `invalid arguments for prompt ${prompt.name}: ${ParseResult.TreeFormatter.formatErrorSync(decoded.left).replace(/\s+/g, " ")}; its arguments: ${args.length > 0 ? args.join(", ") : "none"}`,
  );
};
