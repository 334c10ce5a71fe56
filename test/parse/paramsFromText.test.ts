import { describe, expect, it } from "vitest";
import { goParamsFromText } from "../../src/parse/extract/go/params.js";
import { paramsFromText } from "../../src/parse/extract/python/syntax.js";

describe("parameters read from text", () => {
  it("Go: shared types, variadics, unnamed results and function types", () => {
    expect(goParamsFromText("(a, b int, s ...string)")).toEqual([
      { name: "a", type: "int" },
      { name: "b", type: "int" },
      { name: "s", type: "...string" },
    ]);
    expect(goParamsFromText("(int, error)")).toEqual([
      { name: "_", type: "int" },
      { name: "_", type: "error" },
    ]);
    expect(goParamsFromText("(f func(a, b int) error, m map[string][]int)")).toEqual([
      { name: "f", type: "func(a, b int) error" },
      { name: "m", type: "map[string][]int" },
    ]);
    expect(goParamsFromText("()")).toEqual([]);
  });

  it("Python: annotations, defaults, splats and markers", () => {
    expect(paramsFromText("(self, a, b: Dict[str, int] = {}, /, *args: int, key=f(1, 2), **kw)")).toEqual([
      { name: "self", type: null },
      { name: "a", type: null },
      { name: "b", type: "Dict[str, int]" },
      { name: "*args", type: "int" },
      { name: "key", type: null },
      { name: "**kw", type: null },
    ]);
    expect(paramsFromText("x, y")).toEqual([
      { name: "x", type: null },
      { name: "y", type: null },
    ]);
  });
});
