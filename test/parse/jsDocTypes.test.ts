import { describe, expect, it } from "vitest";
import { jsDocParams, jsDocReturn } from "../../src/parse/extract/jsDocTypes.js";

describe("JSDoc types of a JavaScript function", () => {
  it("reads parameter types by name, optional and defaulted ones included, members and vague types left out", () => {
    const doc = [
      "Applies the fixes.",
      "@param {SourceCode} sourceCode The code.",
      "@param {?Report} [report] Where problems go.",
      "@param {Map<string, {a: number}>} [cache=new Map()] A cache.",
      "@param {Object} options The options.",
      "@param {Linter} options.linter A member of options, not a parameter.",
      "@param {string} name A string.",
      "@param {*} anything",
    ].join("\n");
    expect([...jsDocParams(doc)]).toEqual([
      ["sourceCode", "SourceCode"],
      ["report", "Report"],
      ["cache", "Map<string, {a: number}>"],
      ["name", "string"],
    ]);
  });

  it("reads the return type, and nothing from a vague one or none", () => {
    expect(jsDocReturn("@returns {FileReport} The report.")).toBe("FileReport");
    expect(jsDocReturn("@return {Promise<Result>} Later.")).toBe("Promise<Result>");
    expect(jsDocReturn("@returns {Object} An object.")).toBeNull();
    expect(jsDocReturn("@returns {void}")).toBeNull();
    expect(jsDocReturn("No tags here.")).toBeNull();
  });
});
