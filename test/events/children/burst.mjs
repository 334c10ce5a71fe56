// Appends small batches forever, printing "<eventId,eventId,eventId> <position>" once each
// append has returned (i.e. committed). The parent kills it with SIGKILL mid-burst.
import { appendToStreams, openEventLog } from "../../../dist/events/index.js";
import { writeLine } from "./writeLine.mjs";

const log = openEventLog(process.argv[2]);
const meta = { source: "test" };
for (let i = 0; ; i++) {
  const ids = [0, 1, 2].map((k) => `burst-${i}-${k}`);
  const r = appendToStreams(log, [
    { stream: `file:burst-${i % 10}`, expectedVersion: "any", events: ids.map((eventId, k) => ({ eventId, type: "FileDeleted", data: { path: `p${i}-${k}` }, meta })) },
  ]);
  writeLine(`${ids.join(",")} ${r.lastPosition}`);
}
