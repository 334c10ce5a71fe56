import { parentPort } from "node:worker_threads";
import type { WorkerRequest, WorkerResponse } from "./ParsePool.js";
import { parseSource } from "./parseSource.js";

// Entry of a parse worker thread: one request at a time, answered with the same id.
const port = parentPort;
if (port === null) throw new Error("parseWorker.js must run as a worker thread (see createParsePool)");
port.on("message", (request: WorkerRequest) => {
  const response: WorkerResponse = { id: request.id, result: parseSource(request.input) };
  port.postMessage(response);
});
