import { parentPort, workerData } from "node:worker_threads";
import { closeEventLog, EventLogDamaged, openEventLog } from "../events/index.js";
import { catchUp, damageOf, openProjector, type Projector } from "../projections/index.js";
import { decodeThreadRequest, type ProjectorThreadData, type ThreadReply, type ThreadRequest } from "./projectorThreadMessages.js";

/**
 * Entry of a projector thread: one read model caught up off the main thread, so the parse
 * workers, the graph and this model use both cores at once. It reads the log through its own
 * read-only connection and owns its store; the main thread only says when to catch up.
 */
const port = parentPort;
if (port === null) throw new Error("projectorThread.js must run as a worker thread (see ThreadedProjector)");
const data = workerData as ProjectorThreadData;
const log = openEventLog(data.paths.events, { readonly: true });
let projector: Promise<Projector> | null = null;
const store = () => (projector ??= openProjector(data.name, data.paths, data.config, log));

const handle = async (request: ThreadRequest): Promise<unknown> => {
  switch (request.op) {
    case "checkpoint":
      return (await store()).checkpoint();
    case "catchUp":
      return catchUp(log, await store(), { batchSize: data.batchSize });
    case "reset":
      return (await store()).reset();
    case "close":
      if (projector !== null) await (await projector).close();
      closeEventLog(log);
      return null;
  }
};

// Requests arrive one at a time (the main side serialises them), so a catch-up never overlaps a reset or close.
port.on("message", (message: unknown) => {
  const request = decodeThreadRequest(message);
  handle(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies ThreadReply),
    (error: unknown) => {
      const damage = damageOf(data.name, data.paths, error);
      port.postMessage({
        id: request.id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        ...(damage ? { damage: { model: damage.model, file: damage.file, reason: damage.reason } } : {}),
        ...(error instanceof EventLogDamaged ? { logDamage: { path: error.path, reason: error.reason } } : {}),
      } satisfies ThreadReply);
    },
  );
});
