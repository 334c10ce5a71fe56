import { catchUp, HistoryReader } from "../projections/index.js";
import type { Engine } from "./Engine.js";
import { LazyProjector } from "./LazyProjector.js";
import { hasWorkFor } from "./runPipeline.js";

export interface HistoryAccess {
  /** The history read model brought up to the log first, or null when it holds no commit (no git, or never indexed). */
  read(): Promise<HistoryReader | null>;
  close(): void;
}

/**
 * How the tools of one engine read git history: before each read the history projector catches
 * up on the spot (commits recorded by an index that is still parsing are then readable), then a
 * read-only connection of its own reads history.db. The projector applies each event once, so
 * this catch-up may run beside the engine's (see HistoryProjector.apply).
 */
export const historyAccess = (engine: Engine): HistoryAccess => {
  const { paths, log } = engine.ctx;
  const projector = engine.projectors.find((p) => p.name === "history");
  let reader: HistoryReader | null = null;
  // The generation of the files the reader opened (Engine.generationOf): a dropped store is rebuilt in new ones.
  let readerAt = 0;
  return {
    read: async () => {
      if (reader !== null && readerAt !== engine.generationOf("history")) {
        reader.close();
        reader = null;
      }
      if (projector !== undefined) {
        const { position, version } = await projector.checkpoint();
        if (version !== projector.version || hasWorkFor(log, projector, position)) {
          const caught = await (projector instanceof LazyProjector ? projector.catchUp(log) : catchUp(log, projector));
          // A rebuild replaced the file: a connection to the old one would read it forever.
          if (caught.rebuilt) {
            reader?.close();
            reader = null;
          }
        }
      }
      // history.db appears when the projector first opens: until then, look again on every read.
      if (reader === null || !reader.hasStore) {
        reader?.close();
        readerAt = engine.generationOf("history");
        reader = HistoryReader.open(paths.history);
      }
      return reader.isEmpty() ? null : reader;
    },
    close: () => reader?.close(),
  };
};
