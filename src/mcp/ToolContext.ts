import type { EngineCall, EngineQueries, GraphLoad, LogHandle, Progress } from "../engine/index.js";

export type { GraphLoad };

/** Who called a tool: the MCP client named in `initialize`, or the CLI. Recorded on memory writes. */
export interface ToolCaller {
  readonly name: string;
  readonly version?: string;
  /** `mcp` for a client over stdio or HTTP, `cli` for `nemesis query`, `hook` for a prompt hook's call. */
  readonly source: "mcp" | "cli" | "hook";
  /** The session its `initialize` recorded (SessionStarted): "since my last session" is the one before it. */
  readonly session?: string;
}

/**
 * What a tool's `run` may use: the engine's reads for this call (`Queries`, with the index and the
 * watcher) and what the commands need. The engine builds the reads; nothing here opens a read model.
 */
export interface ToolContext extends EngineCall {
  /** The event log, for commands (store_rule, store_decision). Queries never write through it. */
  readonly log: LogHandle;
  readonly caller: ToolCaller;
  /** Reports progress to a client that sent a progress token; a no-op otherwise. */
  readonly progress: Progress;
}

/** A tool call's context: the engine's reads for one call, and the caller and the log its commands record with. */
export const toolContext = (queries: EngineQueries, caller: ToolCaller, progress: Progress = () => {}): ToolContext => ({
  ...queries.forCall(caller.source, progress),
  log: queries.engine.ctx.log,
  caller,
  progress,
});
