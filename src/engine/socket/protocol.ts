import * as Schema from "effect/Schema";

/**
 * The engine socket speaks one JSON message a line. A client sends requests; the engine
 * answers each by id, possibly after progress messages for the same id. The payloads are the
 * tool registry's own (a tool name and JSON arguments in, a tool answer out): the engine does not
 * interpret them, its handler does.
 */
export const SocketRequest = Schema.Struct({
  id: Schema.Number,
  method: Schema.Literal("call", "list"),
  params: Schema.Unknown,
});
export type SocketRequest = typeof SocketRequest.Type;

export const SocketMessage = Schema.Union(
  Schema.Struct({ id: Schema.Number, result: Schema.Unknown }),
  Schema.Struct({ id: Schema.Number, error: Schema.String }),
  Schema.Struct({ id: Schema.Number, progress: Schema.Unknown }),
);
export type SocketMessage = typeof SocketMessage.Type;

/** A line longer than this is refused: no request or answer of ours comes close. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;
