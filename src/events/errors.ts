import * as Data from "effect/Data";

/** The stream moved on since the caller read it: re-read and decide again. */
export class VersionConflict extends Data.TaggedError("VersionConflict")<{
  readonly stream: string;
  readonly expected: number | "any" | "no_stream";
  readonly actual: number;
}> {
  override get message(): string {
    return `stream ${this.stream} is at version ${this.actual}, not ${String(this.expected)}: someone else wrote to it; re-read and retry`;
  }
}

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

/** The log file itself could not be opened or written. */
export class EventLogError extends Data.TaggedError("EventLogError")<{
  readonly reason: string;
}> {
  override get message(): string {
    return this.reason;
  }
}
