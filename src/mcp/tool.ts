import * as Data from "effect/Data";
import type * as Schema from "effect/Schema";
import type { ToolContext } from "./ToolContext.js";

/** Which tool set a tool belongs to: `core` is served by default, others on `--toolsets`. */
export type Toolset = "core" | "graph" | "history";

export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  /** Every tool reads or writes this project only. */
  readonly openWorldHint?: false;
}

/**
 * One tool, defined once: stdio, Streamable HTTP and `nemesis query` all serve this definition,
 * and the JSON Schema a client sees is derived from `input` and `output`.
 *
 * `input` decodes the client's arguments (unknown fields are refused, defaults filled in);
 * `run` answers with data of `output`'s type; `render` turns that data into the compact text an
 * LLM reads when the client did not ask for `json_output`. Expected failures (an unknown symbol,
 * a path outside the project) are `ToolError`s whose message says what to do next.
 */
export interface ToolDefinition<I = any, O = any> {
  readonly name: string;
  readonly title: string;
  /** Written for an LLM: what it answers, when to use it rather than a sibling, one example. */
  readonly description: string;
  /** One set, or several: a tool of several sets is served when any of them is on. */
  readonly toolset: Toolset | ReadonlyArray<Toolset>;
  readonly input: Schema.Schema<I, any, never>;
  readonly output: Schema.Schema<O, any, never>;
  readonly annotations: ToolAnnotations;
  readonly run: (input: I, ctx: ToolContext) => Promise<O>;
  readonly render: (output: O, input: I) => string;
  /**
   * Loads what `run` keeps between calls (graph snapshots, precomputed answers), so the first
   * call after a start or a change does not pay for it. The serving engine runs it in the
   * background once it has caught up with the disk, and again when the read models move on.
   * Must be cheap when nothing changed, and never fail for a project not indexed yet.
   */
  readonly warm?: (ctx: ToolContext) => Promise<void>;
  /**
   * What an answer served the agent, for the ContextServed event the registry appends after it
   * (context tools only). `tokens` when the tool counted them; else the answer's text is estimated.
   */
  readonly served?: (output: O, input: I) => ServedItems;
}

/** The parts of an answer a ContextServed records (see src/events/types/context.ts). */
export interface ServedItems {
  readonly task: string;
  readonly files: ReadonlyArray<string>;
  readonly symbols: ReadonlyArray<string>;
  readonly rules: ReadonlyArray<string>;
  readonly tokens?: number;
}

/** The sets a tool belongs to, as a list. */
export const toolsetsOf = (tool: ToolDefinition): ReadonlyArray<Toolset> => (typeof tool.toolset === "string" ? [tool.toolset] : tool.toolset);

/** Typed helper: infers I and O from the schemas so `run` and `render` are checked against them. */
export const defineTool = <I, O>(definition: ToolDefinition<I, O>): ToolDefinition<I, O> => definition;

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const APPENDS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/**
 * An expected failure of a tool call, reported to the client as an error result (`isError`)
 * rather than a protocol error: the agent reads `message` and can act on it.
 */
export class ToolError extends Data.TaggedError("ToolError")<{ readonly message: string }> {}

export const toolError = (message: string): ToolError => new ToolError({ message });
