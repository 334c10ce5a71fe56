import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchNodesTool } from "../../../src/mcp/tools/searchNodes.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool, toolFailure } from "./callTool.js";
import { unindexed } from "./unindexed.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/py-basic");
}, 60_000);
afterAll(() => project?.close());

const call = (args: unknown) => callTool(searchNodesTool, args, project.context());

describe("search_nodes", () => {
  it("ranks exact names first, declarations before files", async () => {
    const { output: out, text } = await call({ query: "describe" });
    expect(out.hits.map((h) => `${h.match} ${h.kind} ${h.qualified_name} ${h.file}:${h.line}`)).toEqual([
      "exact Method Entity.describe src/shop/models/base.py:8",
      "exact Method Customer.describe src/shop/models/customer.py:8",
    ]);
    expect(text).toBe(
      [
        '2 nodes matching "describe":',
        "  Method Entity.describe  src/shop/models/base.py:8-9  def describe(self) -> str  [exact]",
        "  Method Customer.describe  src/shop/models/customer.py:8-9  def describe(self) -> str  [exact]",
      ].join("\n"),
    );
  });

  it("finds by qualified tail, module path, case and separators, and near misses", async () => {
    const names = async (query: string, kind?: string) =>
      (await call(kind === undefined ? { query } : { query, kind })).output.hits.map((h) => `${h.match} ${h.qualified_name}`);
    expect((await names("Order.price"))[0]).toBe("exact Order.price");
    expect(await names("order.Order", "Class")).toEqual(["suffix Order"]);
    expect((await names("shop.pricing"))[0]).toBe("suffix src/shop/pricing.py");
    expect((await names("ORDER_LABEL"))[0]).toBe("normalised Order.label");
    expect((await names("custmer", "Class"))[0]).toBe("fuzzy Customer");
  });

  it("filters by kind, any case, and limits", async () => {
    const { output: out } = await call({ query: "price", kind: "method" });
    expect(out.hits.map((h) => `${h.kind} ${h.qualified_name}`)).toEqual(["Method Priced.price", "Method Order.price"]);
    const one = await call({ query: "price", limit: 1 });
    expect(one.output.hits).toHaveLength(1);
    expect(one.text).toMatch(/^1 of \d+ nodes matching "price":/);
  });

  it("says when nothing matches, rejects unknown kinds, and asks for an index first", async () => {
    expect((await call({ query: "zzzzqqqq" })).text).toContain('No graph node matches "zzzzqqqq"');
    expect(await toolFailure(searchNodesTool, { query: "x", kind: "Struct" }, project.context())).toContain("Kinds: Class, Interface");
    expect(await toolFailure(searchNodesTool, { query: "x" }, unindexed(project.context()))).toContain("run index_project");
    await expect(call({ query: "x", limit: 101 })).rejects.toThrow();
  });
});
