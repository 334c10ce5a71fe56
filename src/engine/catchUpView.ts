import type { EventRows } from "../events/index.js";
import type { Projector } from "../projections/index.js";

/** What a catch-up's view reports back to the slot it runs for (see LazyProjector). */
export interface CatchUpHooks {
  /** Runs one write; a failure is the slot's to note (it drops its hint). */
  write<A>(work: Promise<A>): Promise<A>;
  /** The store committed up to `upTo`. */
  applied(upTo: number): void;
  /** Before the store is emptied (a version change, a store past the log's head). */
  beforeReset(): void;
}

/**
 * The projector a catch-up runs on: `as`'s name, version and handles (so the runner reads it
 * by the read plan of that name), every call going to
 * `store`, the store the catch-up started on. A slot drops a damaged store and opens another
 * under the same name; a catch-up under way then fails on the closed store instead of applying
 * the rest of the log to the new, empty one (which would skip the start of the log).
 */
export const catchUpView = (store: Projector, as: Pick<Projector, "name" | "version" | "handles">, hooks: CatchUpHooks): Projector => {
  const applyRows = store.applyRows;
  return {
    name: as.name,
    version: as.version,
    handles: as.handles,
    ...(applyRows
      ? {
          applyRows: async (batch: EventRows, upTo: number) => {
            await hooks.write(applyRows.call(store, batch, upTo));
            hooks.applied(upTo);
          },
        }
      : {}),
    checkpoint: () => store.checkpoint(),
    apply: async (events, upTo, context) => {
      await hooks.write(store.apply(events, upTo, context));
      hooks.applied(upTo);
    },
    reset: async () => {
      hooks.beforeReset();
      await store.reset();
    },
    close: () => store.close(),
  };
};
