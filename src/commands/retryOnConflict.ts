import * as Effect from "effect/Effect";

/**
 * Every conflict is another writer's committed write, so re-reading and deciding again is all
 * it takes, and the loop ends unless other writers keep winning the same stream. The bound is
 * far above what concurrent clients produce (agents filling one scratch graph in tight loops
 * from several clients meet a few dozen in a row); reaching it means a bug, and the conflict is
 * then reported as it is.
 */
const MAX_CONFLICT_RETRIES = 200;

/**
 * Commands decide from what they read, so after a version conflict (another writer got there
 * first, or a fresh id collided) they simply read and decide again. The same decision as
 * appendOrRedecide makes for the file streams, for commands written as Effects.
 */
export const retryOnConflict = <A, E extends { readonly _tag: string }, R>(
  effect: Effect.Effect<A, E, R>,
): Effect.Effect<A, E, R> => Effect.retry(effect, { times: MAX_CONFLICT_RETRIES, while: (e) => e._tag === "VersionConflict" });
