import { describe, expect, it } from "vitest";
import { parseToolArguments } from "../../src/cli/toolArguments.js";
import { CliError } from "../../src/cli/errors.js";
import { listTools, selectTools } from "../../src/mcp/registry.js";

const schemaOf = (name: string) => listTools(selectTools(["core"])).find((t) => t.name === name)!.inputSchema;

describe("nemesis query <tool> --arg value: arguments converted by the tool's schema", () => {
  it("reads strings, enums and booleans (with or without a value)", () => {
    expect(parseToolArguments(["--node_identifier", "JSON", "--direction", "out", "--json_output", "true"], schemaOf("query_node_edges"))).toEqual({
      node_identifier: "JSON",
      direction: "out",
      json_output: true,
    });
    expect(parseToolArguments(["--symbol", "main", "--json_output"], schemaOf("get_dependencies"))).toEqual({ symbol: "main", json_output: true });
  });

  it("turns numbers into numbers, repeated flags into arrays, dashes into underscores, and --json into fields", () => {
    expect(parseToolArguments(["--query", "x", "--limit", "5"], schemaOf("get_code_semantics"))).toEqual({ query: "x", limit: 5 });
    expect(
      parseToolArguments(["--rule", "r", "--related-to", "a.ts", "--related-to", "b.ts"], schemaOf("store_rule")),
    ).toEqual({ rule: "r", related_to: ["a.ts", "b.ts"] });
    expect(parseToolArguments(["--json", '{"query": "x", "limit": 3}', "--limit", "4"], schemaOf("get_code_semantics"))).toEqual({ query: "x", limit: 4 });
  });

  it("says what is wrong with a value, once, as a usage error", () => {
    const fails = (argv: string[], name: string) => {
      try {
        parseToolArguments(argv, schemaOf(name));
      } catch (e) {
        expect(e).toBeInstanceOf(CliError);
        expect((e as CliError).exitCode).toBe(2);
        return (e as Error).message;
      }
      throw new Error("no error");
    };
    expect(fails(["--query", "x", "--limit", "abc"], "get_code_semantics")).toBe('--limit must be a whole number from 1 to 50 (got "abc")');
    expect(fails(["--file", "a.ts", "--depth", "deep"], "get_impact")).toBe('--depth must be a whole number from 1 to 5 (got "deep")');
    expect(fails(["--pattern", "x", "--fixed_strings=yes"], "search_regex")).toBe('--fixed_strings must be true or false (got "yes")');
    expect(fails(["--query"], "get_code_semantics")).toBe("--query needs a value");
    expect(fails(["stray"], "get_code_semantics")).toBe('unexpected argument "stray": pass tool arguments as --name value');
    expect(fails(["--json", "{nope"], "get_code_semantics")).toMatch(/^--json is not valid JSON/);
  });
});
