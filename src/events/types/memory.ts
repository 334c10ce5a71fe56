import * as Schema from "effect/Schema";

export const RuleStored = Schema.Struct({
  id: Schema.String,
  content: Schema.String,
  scope: Schema.String,
  relatedTo: Schema.Array(Schema.String),
});
export type RuleStored = typeof RuleStored.Type;

export const RuleRetired = Schema.Struct({
  id: Schema.String,
  reason: Schema.String,
});
export type RuleRetired = typeof RuleRetired.Type;

export const Alternative = Schema.Struct({
  title: Schema.String,
  reasonRejected: Schema.String,
});
export type Alternative = typeof Alternative.Type;

export const DecisionStatus = Schema.Literal("proposed", "accepted", "superseded", "deprecated");
export type DecisionStatus = typeof DecisionStatus.Type;

export const DecisionRecorded = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  reasoning: Schema.String,
  alternatives: Schema.Array(Alternative),
  status: DecisionStatus,
  relatedTo: Schema.Array(Schema.String),
});
export type DecisionRecorded = typeof DecisionRecorded.Type;

/** v1 of DecisionRecorded had no links to code; kept so old logs still read. */
export const DecisionRecordedV1 = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  reasoning: Schema.String,
  alternatives: Schema.Array(Alternative),
  status: DecisionStatus,
});

export const DecisionSuperseded = Schema.Struct({
  id: Schema.String,
  supersededBy: Schema.String,
  reason: Schema.String,
});
export type DecisionSuperseded = typeof DecisionSuperseded.Type;

export const ConventionStored = Schema.Struct({
  id: Schema.String,
  pattern: Schema.String,
  example: Schema.String,
  scope: Schema.String,
});
export type ConventionStored = typeof ConventionStored.Type;
