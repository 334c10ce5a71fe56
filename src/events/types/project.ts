import * as Schema from "effect/Schema";

export const IndexRunStarted = Schema.Struct({
  runId: Schema.String,
  root: Schema.String,
  languages: Schema.Array(Schema.String),
});
export type IndexRunStarted = typeof IndexRunStarted.Type;

export const IndexRunCompleted = Schema.Struct({
  runId: Schema.String,
  files: Schema.Number,
  changed: Schema.Number,
  deleted: Schema.Number,
  skipped: Schema.Record({ key: Schema.String, value: Schema.Number }),
  durationMs: Schema.Number,
});
export type IndexRunCompleted = typeof IndexRunCompleted.Type;
