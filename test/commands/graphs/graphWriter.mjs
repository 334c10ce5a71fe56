// Adds `count` nodes named <name>-<i> to graph "shared", each with an edge to a hub node both
// writers add, one command per node and per edge, as fast as it can: the two processes race for
// the same stream and conflicts are retried by the commands. Prints "done <n>" at the end.
import { once } from "node:events";
import * as Effect from "effect/Effect";
import { addEdges, addNodes } from "../../../dist/commands/scratch/index.js";
import { closeEventLog, EventLog, makeEventLog, openEventLog } from "../../../dist/events/index.js";

const [dbPath, name, countArg] = process.argv.slice(2);
const count = Number(countArg);
const log = makeEventLog(openEventLog(dbPath));
const meta = { source: "test", actor: name };
const run = (effect) => Effect.runSync(Effect.provideService(effect, EventLog, log));
process.stdout.write("ready\n");
await once(process.stdin, "data");
run(addNodes("shared", [{ label: "hub" }], meta));
for (let i = 0; i < count; i++) {
  run(addNodes("shared", [{ label: `${name}-${i}` }], meta));
  const [edge] = run(addEdges("shared", [{ source: `${name}-${i}`, target: "hub", relation: "links" }], meta)).answer;
  if (edge._tag !== "Added") throw new Error(edge.reason);
}
closeEventLog(log.handle);
process.stdout.write(`done ${count}\n`);
