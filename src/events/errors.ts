import * as Data from "effect/Data";

// Its own module, without the Effect runtime: see versionConflict.ts.
export { VersionConflict } from "./versionConflict.js";
export { EventLogDamaged } from "./eventLogDamaged.js";
export { EventLogError } from "./eventLogError.js";

/** A stored payload that no schema (even after upcasting) accepts. */
export class EventDecodeError extends Data.TaggedError("EventDecodeError")<{
  readonly position: number;
  readonly type: string;
  readonly schema: number;
  readonly reason: string;
}> {
  override get message(): string {
    return `event #${this.position} (${this.type} v${this.schema}) cannot be read: ${this.reason}`;
  }
}
