import { join } from "node:path";
import { closeEventLog, type LogHandle, openEventLog } from "../../../src/events/index.js";
import { GraphProjector } from "../../../src/projections/graph/GraphProjector.js";
import { GraphReader } from "../../../src/projections/graph/GraphReader.js";
import type { Resolver } from "../../../src/projections/graph/model.js";
import { SimpleResolver } from "./simpleResolver.js";

/** A real event log and a real Kuzu graph in `dir`, with the test resolver unless told otherwise. */
export const openGraph = async (
  dir: string,
  options: { name?: string; copyThreshold?: number; log?: LogHandle; resolver?: () => Resolver; fresh?: boolean } = {},
) => {
  const name = options.name ?? "g";
  const log = options.log ?? openEventLog(join(dir, `${name}-events.db`));
  const projector = await GraphProjector.open(
    join(dir, `${name}.kuzu`),
    log,
    options.resolver ?? (() => new SimpleResolver()),
    { bufferPoolMb: 64, ...(options.copyThreshold === undefined ? {} : { copyThreshold: options.copyThreshold }) },
    { fresh: options.fresh ?? false },
  );
  const reader = new GraphReader(projector);
  return {
    log,
    projector,
    reader,
    close: async () => {
      await projector.close();
      if (options.log === undefined) closeEventLog(log);
    },
  };
};
