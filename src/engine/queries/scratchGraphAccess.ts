import type { Engine } from "../Engine.js";
import { hasWorkFor } from "../runPipeline.js";
import { LazyProjector } from "../LazyProjector.js";
import { catchUp, ScratchReader, scratchStorePath } from "../../projections/index.js";

export interface ScratchGraphAccess {
  /** The scratch graphs' read model, brought up to the log first. */
  read(): Promise<ScratchReader>;
  close(): void;
}

/**
 * How the graph tools of one engine read the scratch graphs: before each read the graphs
 * projector catches up on the spot (a write is then readable as soon as its call returns, even
 * while the engine's own pass is busy parsing a large change), then a read-only connection of
 * its own reads graphs.db. The projector applies each event once, so this catch-up may run
 * beside the engine's (see ScratchProjector.apply).
 */
export const scratchGraphAccess = (engine: Engine): ScratchGraphAccess => {
  const { paths, log } = engine.ctx;
  const projector = engine.projectors.find((p) => p.name === "scratch");
  let reader: ScratchReader | null = null;
  // The generation of the files the reader opened (Engine.generationOf): a dropped store is rebuilt in new ones.
  let readerAt = 0;
  return {
    read: async () => {
      if (reader !== null && readerAt !== engine.generationOf("scratch")) {
        reader.close();
        reader = null;
      }
      if (projector !== undefined) {
        const { position, version } = await projector.checkpoint();
        if (version !== projector.version || hasWorkFor(log, projector, position)) {
          await (projector instanceof LazyProjector ? projector.catchUp(log) : catchUp(log, projector));
        }
      }
      // graphs.db appears with the first graph write: until then, look again on every read.
      if (reader === null || reader.isEmpty) {
        reader?.close();
        readerAt = engine.generationOf("scratch");
        reader = ScratchReader.open(scratchStorePath(paths));
      }
      return reader;
    },
    close: () => reader?.close(),
  };
};
