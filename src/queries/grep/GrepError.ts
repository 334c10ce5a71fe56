import * as Data from "effect/Data";

/**
 * Why a grep could not answer. `empty_pattern`, `invalid_pattern` and `pattern_too_long` are
 * the caller's input; `timeout` and `failed` are the search's own.
 */
export class GrepError extends Data.TaggedError("GrepError")<{
  readonly reason: "empty_pattern" | "invalid_pattern" | "pattern_too_long" | "timeout" | "failed";
  readonly detail: string;
}> {
  override get message(): string {
    return this.detail;
  }

  /** Whether the input was wrong (fix the pattern) rather than the search failing. */
  get isInputError(): boolean {
    return this.reason === "empty_pattern" || this.reason === "invalid_pattern" || this.reason === "pattern_too_long";
  }
}
