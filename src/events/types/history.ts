import * as Schema from "effect/Schema";

/** One file a commit touched: its status letter as git prints it, and its line counts (null for a binary file). */
export const CommitFile = Schema.Struct({
  path: Schema.String,
  /** A added, M modified, D deleted, R renamed, C copied, T type changed. */
  status: Schema.Literal("A", "M", "D", "R", "C", "T"),
  /** The old path of a rename or copy. */
  from: Schema.optional(Schema.String),
  added: Schema.NullOr(Schema.Number),
  deleted: Schema.NullOr(Schema.Number),
});
export type CommitFile = typeof CommitFile.Type;

/**
 * A commit reachable from HEAD when Nemesis looked (stream `commit:<sha>`, one event each, so
 * a commit is observed once however often it is seen). Everything the history read models
 * need is here: a replay never runs git.
 */
export const CommitObserved = Schema.Struct({
  sha: Schema.String,
  parents: Schema.Array(Schema.String),
  /** Committer time, Unix seconds. */
  time: Schema.Number,
  author: Schema.String,
  subject: Schema.String,
  /** The message after the subject, capped (see sources/history). */
  body: Schema.String,
  files: Schema.Array(CommitFile),
  /** How many files the commit touched, when `files` was capped; absent when every file is listed. */
  filesTotal: Schema.optional(Schema.Number),
});
export type CommitObserved = typeof CommitObserved.Type;
