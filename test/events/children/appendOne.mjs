// Waits for lines on stdin; for each, appends one event and prints its position.
import { createInterface } from "node:readline";
import { appendToStreams, openEventLog } from "../../../dist/events/index.js";

const log = openEventLog(process.argv[2]);
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  const r = appendToStreams(log, [{ stream: "file:tail", expectedVersion: "any", events: [{ type: "FileDeleted", data: { path: line }, meta: { source: "test" } }] }]);
  process.stdout.write(`${r.lastPosition}\n`);
}
