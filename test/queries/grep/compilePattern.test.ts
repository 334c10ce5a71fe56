import * as Either from "effect/Either";
import { describe, expect, it } from "vitest";
import { compilePattern, MAX_PATTERN_LENGTH } from "../../../src/queries/grep/compilePattern.js";

const errorOf = (pattern: string, options?: Parameters<typeof compilePattern>[1]) => {
  const r = compilePattern(pattern, options);
  if (Either.isRight(r)) throw new Error(`expected ${JSON.stringify(pattern)} to be refused`);
  return r.left;
};

describe("compilePattern", () => {
  it("refuses an empty pattern, which would match every line", () => {
    const e = errorOf("");
    expect(e.reason).toBe("empty_pattern");
    expect(e.isInputError).toBe(true);
    expect(errorOf("", { fixedStrings: true }).reason).toBe("empty_pattern");
  });

  it("names an invalid expression's problem in one phrase, without the engine's flags, and says what to do", () => {
    expect(errorOf("(").message).toBe('invalid regular expression "(": unterminated group; escape special characters (\\() or use --fixed-strings');
    expect(errorOf("a{2,1}").message).toBe(
      'invalid regular expression "a{2,1}": numbers out of order in {} quantifier; escape special characters (\\{) or use --fixed-strings',
    );
    const e = errorOf("send(\nx", { fixedStringsSwitch: "fixedStrings: true" });
    expect(e.reason).toBe("invalid_pattern");
    expect(e.message).toBe('invalid regular expression "send(\\nx": unterminated group; escape special characters (\\() or use fixedStrings: true');
  });

  it("matches fixed strings literally", () => {
    const { source, flags } = Either.getOrThrow(compilePattern("a.b(c)[d]*\\", { fixedStrings: true }));
    const re = new RegExp(source, flags);
    expect(re.test("x a.b(c)[d]*\\ y")).toBe(true);
    expect(new RegExp(source, flags).test("aXb(c)[d]*\\")).toBe(false);
  });

  it("adds the case-insensitive flag on request and refuses an overlong pattern before compiling it", () => {
    expect(Either.getOrThrow(compilePattern("Send", { ignoreCase: true })).flags).toBe("gmi");
    expect(errorOf("a".repeat(MAX_PATTERN_LENGTH + 1)).reason).toBe("pattern_too_long");
  });
});
