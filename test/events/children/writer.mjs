// Appends `count` events: every third to the stream both writers share (expected version,
// retried on conflict), the rest to its own stream. Halfway it waits until the other writer
// is halfway too, so the two bursts overlap however the machine schedules them. Prints
// "done <conflicts>" at the end.
import { once } from "node:events";
import { appendToStreams, closeEventLog, openEventLog, streamVersion, VersionConflict } from "../../../dist/events/index.js";

const [dbPath, name, other, countArg] = process.argv.slice(2);
const count = Number(countArg);
const log = openEventLog(dbPath);
const meta = { source: "test", actor: name };
const pause = new Int32Array(new SharedArrayBuffer(4));
// Both writers start on the parent's word.
process.stdout.write("ready\n");
await once(process.stdin, "data");
let own = 0;
let conflicts = 0;
for (let i = 0; i < count; i++) {
  if (i === Math.floor(count / 2)) while (streamVersion(log, `file:own-${other}`) < own) Atomics.wait(pause, 0, 0, 1);
  const event = { type: "FileChanged", data: { path: `${name}/${i}`, contentHash: `${name}-${i}`, size: i, mtime: i, language: null }, meta };
  if (i % 3 === 0) {
    for (;;) {
      const r = appendToStreams(log, [{ stream: "file:shared", expectedVersion: streamVersion(log, "file:shared"), events: [event] }]);
      if (!(r instanceof VersionConflict)) break;
      conflicts++;
    }
  } else {
    const r = appendToStreams(log, [{ stream: `file:own-${name}`, expectedVersion: own, events: [event] }]);
    if (r instanceof VersionConflict) throw new Error(`unexpected conflict on own stream: ${r.message}`);
    own++;
  }
}
closeEventLog(log);
process.stdout.write(`done ${conflicts}\n`);
