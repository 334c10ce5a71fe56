// Another writer on the same file streams: for `ms` milliseconds, records new FileChanged events
// round the `files` streams (expected version "any", as a hook that found new content would),
// `pauseEvery` at a time with a millisecond's pause between (0: no pause), as a storm of hooks does. Prints "ready"
// after its first append and "done <appends>" at the end.
import { appendToStreams, closeEventLog, openEventLog } from "../../../../dist/events/index.js";

const [dbPath, filesArg, msArg, pauseArg = "4"] = process.argv.slice(2);
const pauseEvery = Number(pauseArg);
const files = Number(filesArg);
const end = Date.now() + Number(msArg);
const log = openEventLog(dbPath);
const meta = { source: "hook", session: "rival" };
const pause = new Int32Array(new SharedArrayBuffer(4));
let n = 0;
while (n === 0 || Date.now() < end) {
  const path = `src/f${(n * 7) % files}.ts`;
  appendToStreams(log, [{ stream: `file:${path}`, expectedVersion: "any", events: [{ type: "FileChanged", data: { path, contentHash: `rival-${n}`, size: 1, mtime: n, language: "typescript" }, meta }] }]);
  if (n === 0) process.stdout.write("ready\n");
  if (++n % pauseEvery === 0 && pauseEvery > 0) Atomics.wait(pause, 0, 0, 1);
}
closeEventLog(log);
process.stdout.write(`done ${n}\n`);
