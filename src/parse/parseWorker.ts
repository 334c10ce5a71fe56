import { parentPort } from "node:worker_threads";
import { summarize } from "../events/index.js";
import type { WorkerRequest, WorkerResponse } from "./ParsePool.js";
import { parseSource } from "./parseSource.js";

// Entry of a parse worker thread: requests are answered in order, each with its id. Asked to
// encode, it sends the FileParsed JSON itself: a string crosses to the main thread as one copy,
// where an object would be cloned field by field and serialised again there.
const port = parentPort;
if (port === null) throw new Error("parseWorker.js must run as a worker thread (see createParsePool)");
port.on("message", (request: WorkerRequest) => {
  const result = parseSource(request.input);
  const response: WorkerResponse =
    request.encode && result.ok
      ? { id: request.id, encoded: { json: JSON.stringify(result.result), summary: summarize("FileParsed", result.result) } }
      : { id: request.id, result };
  port.postMessage(response);
});
