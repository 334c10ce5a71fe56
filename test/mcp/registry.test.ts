import { describe, expect, it } from "vitest";
import { capText, countTokens } from "../../src/mcp/capText.js";
import { ALL_TOOLS, listTools, selectTools } from "../../src/mcp/registry.js";

describe("the tool registry", () => {
  const listed = listTools(selectTools(["core"]));

  it("costs an agent under 4,000 tokens (cl100k) for the default tools/list", () => {
    const tokens = countTokens(JSON.stringify({ tools: listed }));
    console.log(`tools/list: ${listed.length} tools, ${tokens} tokens`);
    expect(tokens).toBeLessThan(4_000);
  });

  it("names every tool once and describes every argument", () => {
    const names = ALL_TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tool of listed) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      for (const [field, schema] of Object.entries(tool.inputSchema.properties as Record<string, { description?: string }>)) {
        expect(schema.description, `${tool.name}.${field}`).toBeTruthy();
      }
      expect(JSON.stringify(tool.inputSchema)).not.toMatch(/"title":"|"\$ref"|"\$defs"|"\$schema"/);
    }
  });

  it("serves a tool of two sets when either is on, once when both are", () => {
    const names = (sets: Parameters<typeof selectTools>[0]) => selectTools(sets).map((t) => t.name);
    for (const shared of ["find_cycles", "export_graph"]) {
      expect(names(["core"]), shared).toContain(shared);
      expect(names(["graph"]), shared).toContain(shared);
    }
    expect(names(["graph"])).not.toContain("search_nodes");
    const all = names(["core", "graph", "history"]);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(ALL_TOOLS.length);
  });

  it("serves get_changes_since, context_report and get_symbol_history in the history set only: the default tools/list has no room for them", () => {
    expect(selectTools(["history"]).map((t) => t.name)).toEqual(expect.arrayContaining(["get_changes_since", "context_report", "get_symbol_history"]));
    for (const name of ["get_changes_since", "context_report", "get_symbol_history"]) expect(selectTools().map((t) => t.name)).not.toContain(name);
  });

  it("caps an answer at a line boundary by exact count, and leaves one well under the cap as it is", () => {
    const line = (i: number) => `src/module${i}/file.ts:${i}: export function handler${i}(request: Request): Response {`;
    const long = Array.from({ length: 2_000 }, (_, i) => line(i)).join("\n");
    expect(countTokens(long)).toBeGreaterThan(20_000);
    const capped = capText(long, 20_000, "narrow it");
    expect(countTokens(capped)).toBeLessThanOrEqual(20_000);
    expect(capped).toMatch(/\n\[truncated: \d+ of 2000 lines shown \(answer capped at 20,000 tokens\); narrow it\]$/);
    const short = long.slice(0, 30_000);
    expect(countTokens(short)).toBeLessThan(10_000);
    expect(capText(short, 20_000, "narrow it")).toBe(short);
  });
});
