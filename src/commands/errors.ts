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

/** How an entry of each kind gives way to another: rules are retired, decisions superseded, conventions stay. */
const REPLACE_HINT: Record<MemoryKind, (id: string) => string> = {
  rule: (id) => `retire ${id} first to store it anew`,
  decision: (id) => `to replace it, record a decision with another title or reasoning and supersede ${id} by it`,
  convention: () => "a convention cannot be retired or replaced",
};

/**
 * The same text is already stored (compared ignoring case and whitespace); nothing was written.
 * The caller's intent already holds, so callers report it rather than fail.
 */
export class DuplicateContent extends Data.TaggedError("DuplicateContent")<{
  readonly kind: MemoryKind;
  readonly existingId: string;
}> {
  override get message(): string {
    return `already recorded as ${this.existingId}; nothing stored (${REPLACE_HINT[this.kind](this.existingId)})`;
  }
}
