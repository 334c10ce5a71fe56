import * as Either from "effect/Either";
import { GrepError } from "./GrepError.js";

export const MAX_PATTERN_LENGTH = 1_000;

export interface PatternOptions {
  /** Match the pattern as literal text, not as a regular expression. */
  readonly fixedStrings?: boolean | undefined;
  readonly ignoreCase?: boolean | undefined;
  /**
   * How the caller's interface spells `fixedStrings`, named in the error for an invalid regular
   * expression (the CLI's flag by default; a tool names its own parameter).
   */
  readonly fixedStringsSwitch?: string | undefined;
}

/** What the matcher runs: a regular expression source and its flags, checked to compile. */
export interface CompiledPattern {
  readonly source: string;
  readonly flags: string;
}

const SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * Checks a grep pattern and turns it into what the matcher runs: an empty pattern (it would
 * match every line), an overlong one and one that does not compile are typed errors whose
 * message says what to do instead.
 */
export const compilePattern = (pattern: string, options: PatternOptions = {}): Either.Either<CompiledPattern, GrepError> => {
  if (pattern.length === 0) {
    return Either.left(new GrepError({ reason: "empty_pattern", detail: "the pattern is empty and would match every line: give the text or regular expression to look for" }));
  }
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return Either.left(
      new GrepError({
        reason: "pattern_too_long",
        detail: `pattern is ${pattern.length.toLocaleString("en-US")} characters; the limit is ${MAX_PATTERN_LENGTH}: search for a shorter distinctive part`,
      }),
    );
  }
  const source = options.fixedStrings ? pattern.replace(SPECIAL, "\\$&") : pattern;
  const flags = `gm${options.ignoreCase ? "i" : ""}`;
  try {
    new RegExp(source, flags);
  } catch (e) {
    return Either.left(new GrepError({ reason: "invalid_pattern", detail: invalidPatternDetail(pattern, (e as Error).message, options.fixedStringsSwitch ?? "--fixed-strings") }));
  }
  return Either.right({ source, flags });
};

/** `invalid regular expression "(": unterminated group; escape special characters (\() or use --fixed-strings` */
const invalidPatternDetail = (pattern: string, engineMessage: string, fixedStringsSwitch: string): string => {
  // V8 says `Invalid regular expression: /<source>/<flags>: <problem>`; only the problem is news.
  const problem = /^Invalid regular expression: \/[\s\S]*\/[a-z]*: (.+)$/.exec(engineMessage)?.[1] ?? engineMessage;
  const special = pattern.match(SPECIAL)?.[0];
  const escape = special ? `escape special characters (\\${special})` : "fix the expression";
  return `invalid regular expression ${quoted(pattern)}: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}; ${escape} or use ${fixedStringsSwitch}`;
};

const quoted = (pattern: string, max = 60): string => {
  const flat = pattern.replace(/\r?\n/g, "\\n");
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
};
