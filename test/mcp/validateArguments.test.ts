import { describe, expect, it } from "vitest";
import * as JSONSchema from "effect/JSONSchema";
import { ALL_TOOLS, callTool } from "../../src/mcp/registry.js";
import { shapeInWords } from "../../src/mcp/shapeInWords.js";
import type { ToolContext } from "../../src/mcp/ToolContext.js";

/** Validation fails before a tool runs: a context that is never read. */
const NO_CONTEXT = new Proxy({}, { get: () => { throw new Error("a tool ran on arguments that should have been refused"); } }) as ToolContext;

const refusal = async (tool: string, args: Record<string, unknown>): Promise<string> => {
  const answer = await callTool(ALL_TOOLS, tool, args, NO_CONTEXT);
  expect(answer.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
  return answer.content[0]!.text;
};

type Node = { type?: string; enum?: string[]; minimum?: number; maximum?: number; maxLength?: number; maxItems?: number; items?: Node; allOf?: Node[]; $ref?: string };

/** Each tool's fields as Effect derives them (limits included), `$ref`s to Int resolved by hand. */
const fieldsOf = (tool: (typeof ALL_TOOLS)[number]): Array<[string, Node]> => {
  const raw = JSONSchema.make(tool.input) as { properties?: Record<string, Node> };
  return Object.entries(raw.properties ?? {}).map(([name, node]) => [name, node.allOf?.length === 1 ? { type: "integer", ...node.allOf[0], ...node } : node]);
};

/** A value just outside the field's limits, and what the message must then name; null for a field without one. */
const outOfRange = (node: Node): { value: unknown; names: string[] } | null => {
  const n = (x: number) => x.toLocaleString("en-US");
  if (node.enum) return { value: "Banana", names: node.enum };
  if (node.type === "integer" && node.maximum !== undefined) return { value: node.maximum + 1, names: [`whole number from ${n(node.minimum!)} to ${n(node.maximum)}`] };
  if (node.type === "string" && node.maxLength !== undefined) return { value: "x".repeat(node.maxLength + 1), names: [`at most ${n(node.maxLength)} characters`] };
  if (node.type === "array" && node.maxItems !== undefined) return { value: Array.from({ length: node.maxItems + 1 }, () => "a"), names: [`at most ${n(node.maxItems)} items`] };
  if (node.type === "boolean") return { value: "yes", names: ["true or false"] };
  return null;
};

describe("a refused argument names what the field accepts, in words, for every tool", () => {
  it("says the range, the choices, the length or the count of every bounded field of every tool", async () => {
    let checked = 0;
    for (const tool of ALL_TOOLS) {
      for (const [field, node] of fieldsOf(tool)) {
        const bad = outOfRange(node);
        if (bad === null) continue;
        const message = await refusal(tool.name, { [field]: bad.value });
        const sentence = message.split("; ").find((s) => s.includes(`${field} must be`)) ?? "";
        for (const name of bad.names) expect(sentence, `${tool.name}.${field}: ${message}`).toContain(name);
        expect(sentence, `${tool.name}.${field}`).toMatch(/\(got .+\)$/);
        expect(message, `${tool.name}.${field}`).not.toMatch(/Expected|actual/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it("answers the issue's examples in one sentence each", async () => {
    expect(await refusal("get_impact", { file: "a.ts", depth: 10 })).toBe("invalid arguments for get_impact: depth must be a whole number from 1 to 5 (got 10)");
    expect(await refusal("store_decision", { title: "t", reasoning: "r", alternatives: [""] })).toBe(
      'invalid arguments for store_decision: alternatives must be a list of at most 20 items, each a non-empty string of at most 1,000 characters (got [""])',
    );
    expect(await refusal("get_smart_context", { task: "t", max_tokens: "abc" })).toBe(
      'invalid arguments for get_smart_context: max_tokens must be a whole number from 500 to 32,000 (got "abc")',
    );
    expect(await refusal("get_code_semantics", {})).toBe("invalid arguments for get_code_semantics: query is required: a non-empty string of at most 20,000 characters");
    expect(await refusal("find_cycles", { edge_type: "X", limit: 0 })).toBe(
      'invalid arguments for find_cycles: edge_type must be one of IMPORTS, CALLS (got "X"); limit must be a whole number from 1 to 100 (got 0)',
    );
    expect(await refusal("get_code_semantics", { query: "x", bogus: 1 })).toBe(
      'invalid arguments for get_code_semantics: unknown field "bogus" (accepted: query, limit, path, language, kind, json_output)',
    );
    // A long value is not echoed whole.
    expect((await refusal("get_impact", { file: "x".repeat(5_000) })).length).toBeLessThan(200);
  });
});

describe("shapeInWords", () => {
  it.each([
    [{ type: "integer", minimum: 1, maximum: 5 }, "a whole number from 1 to 5"],
    [{ type: "integer", minimum: 0 }, "a whole number of at least 0"],
    [{ type: "number", maximum: 1 }, "a number of at most 1"],
    [{ type: "string", minLength: 1, maxLength: 20_000 }, "a non-empty string of at most 20,000 characters"],
    [{ type: "string", maxLength: 64 }, "a string of at most 64 characters"],
    [{ type: "string", enum: ["out", "in", "both"] }, "one of out, in, both"],
    [{ anyOf: [{ const: "a" }, { const: "b" }] }, "one of a, b"],
    [{ type: "array", items: { type: "string", enum: ["go", "rust"] }, maxItems: 2 }, "a list of at most 2 items, each one of go, rust"],
    [{ type: "array", items: { type: "string", minLength: 1 }, minItems: 1, maxItems: 500 }, "a list of at most 500 items, each a non-empty string"],
    [{ type: "array", items: { type: "string" }, minItems: 2, maxItems: 5 }, "a list of 2 to 5 items, each a string"],
    [{ type: "array", items: { type: "boolean" } }, "a list of items, each true or false"],
    [{ type: "boolean" }, "true or false"],
    [{ type: "object" }, "an object (JSON)"],
    [{ anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }] }, "a string of at most 3 characters or null"],
  ] as const)("%j reads %s", (node, words) => {
    expect(shapeInWords(node)).toBe(words);
  });

  it("gives up (null) on a shape it has no words for", () => {
    expect(shapeInWords({})).toBeNull();
    expect(shapeInWords({ anyOf: [{ type: "integer" }, {}] })).toBeNull();
  });
});
