import { randomBytes } from "node:crypto";

let lastMs = 0;
let prefix = "";
let counter = 0;
// One getRandomValues call (and one hex conversion) per 1,024 ids instead of one per id:
// appends of large batches mint many.
const POOL_IDS = 1024;
let poolHex = "";
let poolOffset = 0;
const randomHex6 = (): string => {
  if (poolOffset >= poolHex.length) {
    poolHex = randomBytes(6 * POOL_IDS).toString("hex");
    poolOffset = 0;
  }
  poolOffset += 12;
  return poolHex.slice(poolOffset - 12, poolOffset);
};
/**
 * Time-ordered ids keep the UNIQUE(event_id) index append-mostly, which is what keeps
 * batched appends fast once the log holds millions of rows. Within a process they never go
 * backwards, even when the clock does; the random tail keeps processes apart.
 */
export const newEventId = (): string => {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    prefix = now.toString(36).padStart(9, "0");
    counter = 0;
  } else counter++;
  return `${prefix}${counter.toString(36).padStart(4, "0")}${randomHex6()}`;
};
