import * as Schema from "effect/Schema";
import type { NemesisConfig, NemesisPaths } from "../config/index.js";
import type { ProjectionName } from "../projections/index.js";

/**
 * What the main thread and a projector thread (projectorThread.ts, ThreadedProjector.ts) say to
 * each other. Both sides import this module and not each other. Messages are decoded on receipt:
 * they cross a thread boundary as structured clones, which TypeScript cannot vouch for.
 */
export interface ProjectorThreadData {
  readonly name: ProjectionName;
  readonly paths: NemesisPaths;
  readonly config: NemesisConfig;
  readonly batchSize: number;
}

export const ThreadRequest = Schema.Struct({
  id: Schema.Number,
  op: Schema.Literal("checkpoint", "catchUp", "reset", "close"),
});
export type ThreadRequest = typeof ThreadRequest.Type;

export const ThreadReply = Schema.Union(
  Schema.Struct({ id: Schema.Number, ok: Schema.Literal(true), value: Schema.Unknown }),
  Schema.Struct({
    id: Schema.Number,
    ok: Schema.Literal(false),
    error: Schema.String,
    /** The failure was damage of the model's files (StoreDamaged): the main thread drops and rebuilds the model. */
    damage: Schema.optional(Schema.Struct({ model: Schema.String, file: Schema.String, reason: Schema.String })),
    /** The failure was damage of the log (EventLogDamaged). */
    logDamage: Schema.optional(Schema.Struct({ path: Schema.String, reason: Schema.String })),
  }),
);
export type ThreadReply = typeof ThreadReply.Type;

/** Throws on a message that is not a request: a bug in the sending side, not an expected outcome. */
export const decodeThreadRequest = Schema.decodeUnknownSync(ThreadRequest);
export const decodeThreadReply = Schema.decodeUnknownSync(ThreadReply);
