import * as Data from "effect/Data";

/** The input itself is unusable (empty, too long, malformed); fixing the input fixes it. */
export class InvalidInput extends Data.TaggedError("InvalidInput")<{
  readonly field: string;
  readonly reason: string;
}> {
  override get message(): string {
    return `${this.field} ${this.reason}`;
  }
}

export type MemoryKind = "rule" | "decision" | "convention";

/** No stream holds an entry with this id. */
export class NotFound extends Data.TaggedError("NotFound")<{
  readonly kind: MemoryKind;
  readonly id: string;
  readonly hint?: string;
}> {
  override get message(): string {
    return `no ${this.kind} with id ${this.id}${this.hint ? `: ${this.hint}` : ""}`;
  }
}

export class AlreadyRetired extends Data.TaggedError("AlreadyRetired")<{
  readonly id: string;
  readonly retiredAt: string;
}> {
  override get message(): string {
    return `rule ${this.id} was already retired at ${this.retiredAt}; nothing to do`;
  }
}

export class AlreadySuperseded extends Data.TaggedError("AlreadySuperseded")<{
  readonly id: string;
  readonly supersededBy: string;
}> {
  override get message(): string {
    return `decision ${this.id} is already superseded by ${this.supersededBy}; supersede ${this.supersededBy} instead`;
  }
}

/** The same text is already stored (compared ignoring case and whitespace); nothing was written. */
export class DuplicateContent extends Data.TaggedError("DuplicateContent")<{
  readonly kind: MemoryKind;
  readonly existingId: string;
}> {
  override get message(): string {
    return `already recorded as ${this.existingId}; nothing stored (retire or supersede ${this.existingId} first to replace it)`;
  }
}
