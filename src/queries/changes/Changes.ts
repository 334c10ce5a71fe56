/**
 * What happened between two positions of the log, as net effects: the difference between a
 * replay up to `from` and a replay up to `to`. A file edited and put back is no change; a rule
 * recorded and retired in between is a rule recorded, now retired.
 */

/** Who made a file change: the event's source and session, or the commit of a pull that brought it. */
export interface Writer {
  /** The event's `meta.source`: hook, watcher, cli, mcp, … */
  readonly source: string;
  readonly session: string | null;
  readonly actor: string | null;
  /** The arrived commit that holds this change, when a scan or the watcher saw the pull write it. */
  readonly pull: string | null;
}

export interface FileChange {
  readonly change: "added" | "modified" | "deleted" | "renamed";
  readonly path: string;
  /** The old path of a rename. */
  readonly from: string | null;
  /** The content hash at `to`; null when deleted. */
  readonly hash: string | null;
  readonly by: Writer;
}

export interface SymbolChange {
  readonly change: "added" | "removed" | "signature";
  readonly path: string;
  /** Unique within the file (the parser's id: the qualified name, `#2` for a redefinition). */
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  /** At `to`; for a removed symbol, its last signature. */
  readonly signature: string;
  /** The signature at `from`, for a changed one. */
  readonly before: string | null;
}

export type MemoryKind = "rule" | "decision" | "convention";

export interface MemoryChange {
  readonly change: "recorded" | "retired" | "superseded" | "updated";
  readonly memory: MemoryKind;
  readonly id: string;
  /** The rule's content, the decision's title, the convention's pattern, at `to`. */
  readonly text: string;
  /** The status at `to`: active, retired, superseded, proposed, accepted, deprecated. */
  readonly status: string;
  /** Why it was retired, or what superseded it. */
  readonly note: string | null;
}

export interface CommitArrived {
  readonly sha: string;
  readonly subject: string;
  readonly author: string;
  /** Committer time, Unix seconds. */
  readonly time: number;
  readonly files: number;
}

/** Where the comparison starts, and how the caller named it. */
export interface ChangesFrom {
  readonly position: number;
  /** `your last session (claude-code, 2026-12-05 14:03)`, `commit 1a2b3c4`, `#1200`. */
  readonly label: string;
  /** When the log reached that position (ISO), or null at the very start. */
  readonly at: string | null;
}

export interface Changes {
  readonly from: ChangesFrom;
  readonly to: number;
  readonly files: ReadonlyArray<FileChange>;
  readonly symbols: ReadonlyArray<SymbolChange>;
  readonly commits: ReadonlyArray<CommitArrived>;
  readonly memory: ReadonlyArray<MemoryChange>;
}

export const isEmpty = (c: Changes): boolean => c.files.length + c.symbols.length + c.commits.length + c.memory.length === 0;
