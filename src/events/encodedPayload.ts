import { summarize } from "./summaries.js";

/**
 * A payload serialised before it reaches the log, by the thread that made it: a parse worker
 * writes its FileParsed JSON (and summary) itself, so the main thread appends a string instead
 * of rebuilding the object from a structured clone (~1 s) and stringifying it again (~0.7 s)
 * on a cold index of sympy. `appendToStreams` stores `json` as is.
 */
// A registered symbol, so two bundled copies of this module (the CLI's chunks, a worker's bundle)
// still recognise each other's payloads: a missed check would store the wrapper as the payload.
const BRAND = Symbol.for("nemesis.EncodedPayload");

export class EncodedPayload {
  readonly [BRAND] = true;

  constructor(
    readonly json: string,
    /** The stored summary (see summaries.ts), undefined for a type without one. */
    readonly summary: string | undefined,
  ) {}
}

/** Serialises `data` the way `appendToStreams` would. */
export const encodePayload = (type: string, data: unknown): EncodedPayload => new EncodedPayload(JSON.stringify(data), summarize(type, data));

export const isEncodedPayload = (data: unknown): data is EncodedPayload =>
  typeof data === "object" && data !== null && (data as { [BRAND]?: unknown })[BRAND] === true;
