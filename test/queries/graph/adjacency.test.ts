import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDGE_KINDS, type EdgeKind } from "../../../src/projections/graph/model.js";
import type { GraphQueryable } from "../../../src/projections/index.js";
import { adjacency, edgesAt, type Direction, type EdgeRow } from "../../../src/queries/graph/adjacency.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";

const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What the edges in memory must equal: each node's stored edges as Cypher reads them one node at
 * a time, sorted as promised. Not `a.id IN $ids AND label(r) IN $kinds`: on sympy's graph Kuzu
 * answered that with a HAS_METHOD edge twice in place of a CALLS edge (Boolean → sympify_return).
 */
const cypherEdges = async (graph: GraphQueryable, ids: ReadonlyArray<string>, direction: Direction, kinds: ReadonlyArray<EdgeKind>): Promise<EdgeRow[]> => {
  const pattern = direction === "out" ? "(a {id: $id})-[r]->(b)" : "(b)-[r]->(a {id: $id})";
  const rows: Array<EdgeRow & { near: string; far: string }> = [];
  for (const id of new Set(ids)) {
    for (const r of await graph.query(`MATCH ${pattern} RETURN b.id AS far, label(r) AS kind, r.line AS line`, { id })) {
      const far = String(r.far);
      const kind = String(r.kind) as EdgeKind;
      if (!kinds.includes(kind)) continue;
      rows.push({ near: id, far, kind, from: direction === "out" ? id : far, to: direction === "out" ? far : id, line: Number(r.line ?? 0) });
    }
  }
  rows.sort((x, y) => order(x.near, y.near) || order(x.kind, y.kind) || order(x.far, y.far) || x.line - y.line);
  return rows.map(({ kind, from, to, line }) => ({ kind, from, to, line }));
};

const allIds = async (graph: GraphQueryable): Promise<string[]> =>
  (await graph.query("MATCH (n) WHERE label(n) IN ['File', 'Symbol', 'External'] RETURN n.id AS id ORDER BY id")).map((r) => String(r.id));

/** Every node's edges both ways, one kind at a time and all kinds together, and a few nodes at once. */
const expectSameAsCypher = async (graph: GraphQueryable): Promise<number> => {
  const adj = await adjacency(graph);
  const ids = await allIds(graph);
  let compared = 0;
  for (const direction of ["out", "in"] as const) {
    for (const id of ids) {
      const expected = await cypherEdges(graph, [id], direction, EDGE_KINDS);
      expect(edgesAt(adj, [id], direction, EDGE_KINDS)).toEqual(expected);
      compared += expected.length;
    }
    for (const kind of EDGE_KINDS) expect(edgesAt(adj, ids, direction, [kind])).toEqual(await cypherEdges(graph, ids, direction, [kind]));
    const some = ids.filter((_, i) => i % 3 === 0);
    expect(edgesAt(adj, [...some, "s:nowhere#x", some[0]!], direction, ["CALLS", "IMPORTS"])).toEqual(await cypherEdges(graph, some, direction, ["CALLS", "IMPORTS"]));
  }
  return compared;
};

describe("adjacency: the stored edges in memory", () => {
  let ts: IndexedProject;
  let py: IndexedProject;
  beforeAll(async () => {
    ts = await indexedFixture("resolve/ts-basic");
    py = await indexedFixture("resolve/py-basic");
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
    await py?.close();
  });

  it("answers every node's edges as Cypher does (TypeScript and Python fixtures)", async () => {
    for (const project of [ts, py]) {
      const graph = (await project.context().graph())!;
      expect(await expectSameAsCypher(graph)).toBeGreaterThan(20);
    }
  });

  it("is loaded once per graph state and again after the graph changes", async () => {
    const ctx = ts.context();
    const graph = (await ctx.graph())!;
    const before = await adjacency(graph);
    expect(await adjacency(graph)).toBe(before);
    // A new caller of render and a line moved: both must show after the delta.
    writeFileSync(join(ts.root, "src/extra.ts"), 'import { render } from "./render";\nexport const again = () => render();\n');
    appendFileSync(join(ts.root, "src/render.ts"), "\n// moved nothing\n");
    await ctx.index({});
    const after = await adjacency(graph);
    expect(after).not.toBe(before);
    expect(edgesAt(after, ["s:src/extra.ts#again"], "out", ["CALLS"]).map((e) => e.to)).toEqual(["s:src/render.ts#render"]);
    await expectSameAsCypher(graph);
  });
});
