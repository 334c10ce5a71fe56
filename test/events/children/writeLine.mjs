// Writes one line to stdout from synchronous code. Once anything has touched process.stdout
// (importing the log does: effect reads it), the pipe to the parent is non-blocking: when the
// parent falls a few hundred short lines behind (a busy machine), a bare writeSync throws EAGAIN
// and the child dies. This waits for room instead, as a blocking write would; `onWait` is told
// each time it must.
import { writeSync } from "node:fs";

const pause = new Int32Array(new SharedArrayBuffer(4));

export const writeLine = (text, onWait = () => {}) => {
  let rest = Buffer.from(`${text}\n`);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (e) {
      if (e.code !== "EAGAIN") throw e;
      onWait();
      Atomics.wait(pause, 0, 0, 1);
    }
  }
};
