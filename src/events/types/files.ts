import * as Schema from "effect/Schema";

export const FileChanged = Schema.Struct({
  path: Schema.String,
  contentHash: Schema.String,
  size: Schema.Number,
  mtime: Schema.Number,
  language: Schema.NullOr(Schema.String),
});
export type FileChanged = typeof FileChanged.Type;

export const FileDeleted = Schema.Struct({
  path: Schema.String,
});
export type FileDeleted = typeof FileDeleted.Type;

export const ParseFailed = Schema.Struct({
  path: Schema.String,
  contentHash: Schema.String,
  reason: Schema.String,
});
export type ParseFailed = typeof ParseFailed.Type;

/** A file the scan saw but will not index, with why: shown in the index summary and status. */
export const FileSkipped = Schema.Struct({
  path: Schema.String,
  reason: Schema.String,
});
export type FileSkipped = typeof FileSkipped.Type;
