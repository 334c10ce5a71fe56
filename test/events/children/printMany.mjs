// Prints numbered lines from a synchronous loop until stdout has been full once (the parent
// does not read at first), says so on stderr, then prints 100 more and exits.
import { writeSync } from "node:fs";
import { writeLine } from "./writeLine.mjs";

// Node makes fd 1 non-blocking once process.stdout is first touched, as the log's imports
// (effect) do in every child that appends: the case writeLine is for.
void process.stdout;

let full = false;
const onWait = () => {
  if (!full) writeSync(2, "stdout full\n");
  full = true;
};
let after = 0;
for (let i = 0; after < 100; i++) {
  writeLine(String(i), onWait);
  if (full) after++;
}
