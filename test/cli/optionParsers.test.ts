import { describe, expect, it } from "vitest";
import { choiceOption } from "../../src/cli/choiceOption.js";
import { CliError } from "../../src/cli/errors.js";
import { intOption } from "../../src/cli/intOption.js";
import { CHUNK_KINDS } from "../../src/projections/chunks/chunkKinds.js";
import { SOURCE_LANGUAGES } from "../../src/shared/sourceFile/detectLanguage.js";

const usage = (parse: () => unknown): string => {
  try {
    parse();
  } catch (e) {
    expect(e).toBeInstanceOf(CliError);
    expect((e as CliError).exitCode).toBe(2);
    return (e as Error).message;
  }
  throw new Error("accepted");
};

describe("CLI option values: a bad one is a usage error that says what is allowed", () => {
  it("a filter value names one of the values Nemesis knows, ignoring case", () => {
    const language = choiceOption("--language", SOURCE_LANGUAGES);
    expect(usage(() => language("cobol"))).toBe('--language must be one of typescript, tsx, javascript, python, go, rust, java, c, cpp, csharp, ruby, php, kotlin (got "cobol")');
    expect(language("Python")).toBe("python");
    const kind = choiceOption("--kind", CHUNK_KINDS);
    expect(usage(() => kind("Banana"))).toBe('--kind must be one of Class, Interface, Function, Method, Variable, Type, Enum, Test, Namespace, Module (got "Banana")');
    expect(kind("function")).toBe("Function");
  });

  it("a number names its range", () => {
    expect(usage(() => intOption("--depth", 1, 5)("10"))).toBe('--depth must be a whole number from 1 to 5 (got "10")');
    expect(usage(() => intOption("--limit", 1)("abc"))).toBe('--limit must be a whole number of at least 1 (got "abc")');
    expect(intOption("--depth", 1, 5)("5")).toBe(5);
  });
});
