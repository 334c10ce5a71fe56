import { describe, expect, it } from "vitest";
import type { GraphQueryable } from "../../../src/projections/index.js";
import { nodeIndex, nodeOf } from "../../../src/queries/symbols/index.js";

/** A graph answering the index's three loads and its checkpoint read from plain rows, counting loads. */
const stubGraph = () => {
  const state = { position: 7, loads: 0, symbols: [{ id: "s:a.ts#f", path: "a.ts", kind: "Function", name: "f", qualifiedName: "f", signature: "function f()", startLine: 3, endLine: 5, exported: true }] };
  const graph: GraphQueryable = {
    query: async (cypher: string) => {
      if (cypher.includes("Checkpoint")) return [{ name: "graph", position: state.position, version: 8 }];
      if (cypher.includes("(s:Symbol)")) {
        state.loads++;
        return state.symbols;
      }
      if (cypher.includes("(f:File)")) return [{ id: "f:a.ts", path: "a.ts", language: "typescript", lines: 9 }];
      if (cypher.includes("(x:External)")) return [{ id: "x:react", name: "react" }];
      throw new Error(`unexpected query ${cypher}`);
    },
  };
  return { graph, state };
};

describe("nodeIndex", () => {
  it("holds symbols, files and externals, loaded once per graph checkpoint", async () => {
    const { graph, state } = stubGraph();
    const first = await nodeIndex(graph);
    expect(first.nodes.map((n) => `${n.kind} ${n.qualifiedName} ${n.path}:${n.startLine}`)).toEqual([
      "Function f a.ts:3",
      "File a.ts a.ts:1",
      "External react null:0",
    ]);
    expect(first.symbolsByPath.get("a.ts")?.map((n) => n.id)).toEqual(["s:a.ts#f"]);
    expect(await nodeIndex(graph)).toBe(first);
    expect(state.loads).toBe(1);

    state.position = 8;
    state.symbols = [...state.symbols, { ...state.symbols[0]!, id: "s:a.ts#g", name: "g", qualifiedName: "g", startLine: 7, endLine: 8 }];
    const second = await nodeIndex(graph);
    expect(state.loads).toBe(2);
    expect(second.symbolsByPath.get("a.ts")?.map((n) => n.id)).toEqual(["s:a.ts#f", "s:a.ts#g"]);
  });

  it("names a node it does not hold by its id", async () => {
    const index = await nodeIndex(stubGraph().graph);
    expect(nodeOf(index, "x:lodash")).toMatchObject({ table: "External", name: "x:lodash", path: null });
    expect(nodeOf(index, "f:a.ts")).toMatchObject({ table: "File", kind: "File", path: "a.ts" });
  });
});
