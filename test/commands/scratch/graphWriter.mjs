// Adds `count` nodes named <name>-<i> to graph "shared", each with an edge to a hub node both
// writers add, one command per node and per edge, as fast as it can: the two processes race for
// the same stream and conflicts are re-decided by the commands. Prints "done <n>" at the end.
import { once } from "node:events";
import { isTaggedError } from "../../../dist/commands/index.js";
import { addEdges, addNodes } from "../../../dist/commands/scratch/index.js";
import { closeEventLog, openEventLog, SqliteEventStore } from "../../../dist/events/index.js";

const [dbPath, name, countArg] = process.argv.slice(2);
const count = Number(countArg);
const handle = openEventLog(dbPath);
const store = SqliteEventStore.of(handle);
const meta = { source: "test", actor: name };
const run = (command) => {
  const outcome = command(store);
  if (isTaggedError(outcome)) throw outcome;
  return outcome;
};
process.stdout.write("ready\n");
await once(process.stdin, "data");
run(addNodes("shared", [{ label: "hub" }], meta));
for (let i = 0; i < count; i++) {
  run(addNodes("shared", [{ label: `${name}-${i}` }], meta));
  const [edge] = run(addEdges("shared", [{ source: `${name}-${i}`, target: "hub", relation: "links" }], meta)).answer;
  if (edge._tag !== "Added") throw new Error(edge.reason);
}
closeEventLog(handle);
process.stdout.write(`done ${count}\n`);
