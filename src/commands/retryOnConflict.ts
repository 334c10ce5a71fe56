import * as Effect from "effect/Effect";

/**
 * Commands decide from what they read, so after a version conflict (another writer got there
 * first, or a fresh id collided) they simply read and decide again.
 */
export const retryOnConflict = <A, E extends { readonly _tag: string }, R>(
  effect: Effect.Effect<A, E, R>,
): Effect.Effect<A, E, R> => Effect.retry(effect, { times: 5, while: (e) => e._tag === "VersionConflict" });
