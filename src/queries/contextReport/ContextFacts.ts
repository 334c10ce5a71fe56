/**
 * What the context report is computed from: facts read from the log between two positions
 * (src/engine/contextReport reads them), plain data so the figures are pure functions of them.
 */

/** One SessionStarted. */
export interface SessionStartFact {
  readonly sessionId: string;
  readonly client: string;
  /** Who recorded it: `hook` (the session-start hook) or `mcp` (a client's initialize). */
  readonly source: string;
  /** The event's own position. */
  readonly position: number;
  /** When it was recorded (ISO). */
  readonly at: string;
}

/** One ContextServed. */
export interface ServedFact {
  readonly position: number;
  readonly session: string | null;
  readonly client: string;
  readonly tool: string;
  /** `mcp`, `hook` (the prompt hook) or `cli`. */
  readonly source: string;
  readonly task: string | null;
  readonly files: ReadonlyArray<string>;
  readonly rules: ReadonlyArray<string>;
  readonly tokens: number;
}

/** A file the agent or the user changed: a FileChanged or FileDeleted recorded by the file-changed hook or the watcher. */
export interface EditFact {
  readonly position: number;
  readonly path: string;
  readonly source: "hook" | "watcher";
  readonly session: string | null;
}

/** One CommitObserved. */
export interface CommitFact {
  readonly position: number;
  readonly sha: string;
  /** The commit's time, in seconds since the epoch. */
  readonly time: number;
  readonly files: ReadonlyArray<string>;
}

/** A rule as it stands at the end of the report. */
export interface RuleFact {
  readonly id: string;
  readonly text: string;
  readonly status: "active" | "retired";
}

export interface ContextFacts {
  /** Events after this position count (exclusive). */
  readonly from: number;
  /** Up to this position (inclusive). */
  readonly to: number;
  /** Every session start up to `to`, oldest first: an event in the range may belong to a session begun before it. */
  readonly sessions: ReadonlyArray<SessionStartFact>;
  /** In the range, oldest first. */
  readonly served: ReadonlyArray<ServedFact>;
  readonly edits: ReadonlyArray<EditFact>;
  readonly commits: ReadonlyArray<CommitFact>;
  /** The position of the log's first CommitObserved (null: none): a session begun before it saw the history's first recording, not a pull. */
  readonly historyFrom: number | null;
  /** Every rule recorded up to `to`. */
  readonly rules: ReadonlyArray<RuleFact>;
}
