import { describe, expect, it } from "vitest";
import { parsed, symbol } from "./helpers.js";

// What the golden case cpp-catch2 does not show: the text measure of a test whose macro broke the
// tree must not be fooled by braces in literals and comments.
describe("C++ test macros tree-sitter cannot parse", () => {
  it("ends a test at its closing brace past braces in raw strings, character literals and comments", () => {
    const file = parsed(
      "tests/json_test.cpp",
      [
        '#include "json.h"',
        'TEMPLATE_TEST_CASE("parses objects", "[json]", int, long) {',
        '  auto doc = parse<TestType>(R"x({ "k": "}" })x");',
        "  CHECK(doc.open == '{'); // a } in a comment",
        "  /* and } in a block comment */",
        "  CHECK(count(1'000) == 1);",
        "}",
        "",
        'TEST_CASE("after the broken one") {',
        "  CHECK(parse<int>(\"}\").ok());",
        "}",
      ].join("\n"),
    );
    expect(file.symbols.filter((s) => s.kind === "Test").map((s) => `${s.name} ${s.startLine}-${s.endLine}`)).toEqual([
      "parses objects 2-7",
      "after the broken one 9-11",
    ]);
    const calls = file.references.filter((r) => r.kind === "call" && r.name === "count");
    expect(calls.map((r) => r.from)).toEqual([symbol(file, "parses_objects").id]);
  });

  it("leaves a macro whose parentheses never close alone", () => {
    const file = parsed("tests/broken_test.cpp", ['TEMPLATE_TEST_CASE("unfinished", "[x]", int {', "  CHECK(f());", "}"].join("\n"));
    expect(file.symbols.filter((s) => s.kind === "Test")).toEqual([]);
  });
});
