import { appendFileSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQueryable } from "../../../src/projections/index.js";
import { adjacency, type Adjacency } from "../../../src/queries/graph/adjacency.js";
import { readGraphState, changedFilesBetween } from "../../../src/queries/graphChanges.js";
import { pinGraph } from "../../../src/queries/perGraphState.js";
import { loadContextGraph } from "../../../src/queries/context/loadContextGraph.js";
import { loadFileLinks } from "../../../src/queries/search/fileLinks.js";
import { loadFileNeighbours } from "../../../src/queries/search/relatedFiles.js";
import { nameIndex, type NameIndex } from "../../../src/queries/symbols/nameIndex.js";
import { nodeIndex, nodeIndexChange, type NodeIndex } from "../../../src/queries/symbols/nodeIndex.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A node index as data, independent of the order its nodes were loaded in. */
const nodesAsData = (index: NodeIndex) => ({
  nodes: [...index.nodes].sort((a, b) => byText(a.id, b.id)),
  byId: [...index.byId.keys()].sort(byText),
  files: index.files.map((f) => f.id).sort(byText),
  symbolsByPath: [...index.symbolsByPath].map(([path, list]) => [path, list.map((n) => n.id)] as const).sort((a, b) => byText(a[0], b[0])),
});

/** A name index as data: each key's nodes, and each node's fuzzy name and letter mask, by id. */
const namesAsData = (names: NameIndex, index: NodeIndex) => ({
  byKey: [...names.byKey].map(([key, nodes]) => [key, nodes.map((n) => n.id).sort(byText)] as const).sort((a, b) => byText(a[0], b[0])),
  externals: names.externals.map((n) => n.id).sort(byText),
  fuzzy: index.nodes.map((n, i) => [n.id, names.fuzzyName[i], names.masks[i]] as const).sort((a, b) => byText(a[0], b[0])),
});

const adjacencyAsData = (adj: Adjacency) => ({
  ids: adj.ids,
  out: { start: [...adj.out.start], far: [...adj.out.far], kind: [...adj.out.kind], line: [...adj.out.line] },
  in: { start: [...adj.in.start], far: [...adj.in.far], kind: [...adj.in.kind], line: [...adj.in.line] },
});

/** Every file's links and neighbours, as get_code_semantics reads them. */
const linksAsData = async (graph: GraphQueryable, files: ReadonlyArray<string>) => {
  const links = await loadFileLinks(graph);
  const neighbours = await loadFileNeighbours(graph);
  const out = [];
  for (const f of files) out.push([f, [...(links.get(f) ?? new Map())].sort(), await neighbours.importsOf(f), await neighbours.dependentsOf(f)]);
  return out;
};

/** What the graph tools keep, read through `graph` (held since before the writes) and through a new handle (a fresh load). */
const expectFollowedEqualsFresh = async (graph: GraphQueryable): Promise<NodeIndex> => {
  const pinned = pinGraph(graph);
  const fresh = pinGraph({ query: (cypher, params) => graph.query(cypher, params) });
  const [followed, loaded] = [await nodeIndex(pinned), await nodeIndex(fresh)];
  expect(nodesAsData(followed)).toEqual(nodesAsData(loaded));
  expect(namesAsData(nameIndex(followed), followed)).toEqual(namesAsData(nameIndex(loaded), loaded));
  expect(adjacencyAsData(await adjacency(pinned))).toEqual(adjacencyAsData(await adjacency(fresh)));
  const files = loaded.files.map((f) => f.path!);
  expect(await linksAsData(pinned, files)).toEqual(await linksAsData(fresh, files));
  const [context, freshContext] = [await loadContextGraph(pinned), await loadContextGraph(fresh)];
  expect(files.map((f) => context.symbolsIn(f))).toEqual(files.map((f) => freshContext.symbolsIn(f)));
  const ids = loaded.nodes.map((n) => n.id);
  for (const direction of ["out", "in"] as const) {
    expect(context.edgesOf(ids, direction, ["CALLS", "IMPLEMENTS", "INHERITS", "TESTS", "IMPORTS"])).toEqual(
      freshContext.edgesOf(ids, direction, ["CALLS", "IMPLEMENTS", "INHERITS", "TESTS", "IMPORTS"]),
    );
  }
  return followed;
};

/**
 * The node index, name index, edges in memory and file links are brought forward by the files
 * each write changed (GraphChange rows) rather than loaded again; after every kind of edit they
 * must equal a fresh load of the same graph state.
 */
describe("the graph tools' memory follows each write", () => {
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

  it("equals a fresh load after adds, edits, removed definitions, deletes and renames", async () => {
    const ctx = ts.context();
    const graph = (await ctx.graph())!;
    await expectFollowedEqualsFresh(graph);
    const edits: Array<[string, () => void]> = [
      ["a new file calling an existing function", () => writeFileSync(join(ts.root, "src/extra.ts"), 'import { render } from "./render";\nexport const again = () => render();\n')],
      ["a function appended", () => appendFileSync(join(ts.root, "src/render.ts"), "\nexport function appended(): number {\n  return 1;\n}\n")],
      [
        "a called function removed (its callers' edges go)",
        () => writeFileSync(join(ts.root, "src/render.ts"), readFileSync(join(ts.root, "src/render.ts"), "utf8").replace(/export function render[\s\S]*?\n}\n/, "")),
      ],
      ["a file deleted", () => rmSync(join(ts.root, "src/extra.ts"))],
      ["a file renamed", () => renameSync(join(ts.root, "src/shapes/square.ts"), join(ts.root, "src/shapes/quadrat.ts"))],
      ["a path with a quote and a backslash-free odd name", () => writeFileSync(join(ts.root, "src/it's here.ts"), 'import { appended } from "./render";\nexport const q = appended();\n')],
    ];
    for (const [what, edit] of edits) {
      const before = await readGraphState(graph);
      edit();
      await ctx.index({});
      const after = await readGraphState(graph);
      expect(after.position, what).toBeGreaterThan(before.position);
      expect(await changedFilesBetween(graph, before, after), what).not.toBeNull();
      const followed = await expectFollowedEqualsFresh(graph);
      // Brought forward, not loaded again.
      expect(nodeIndexChange(followed), what).toBeDefined();
    }
  });

  it("equals a fresh load for Python, where a change re-resolves the files importing it", async () => {
    const ctx = py.context();
    const graph = (await ctx.graph())!;
    await expectFollowedEqualsFresh(graph);
    const files = (await nodeIndex(graph)).files.map((f) => f.path!).filter((p) => p.endsWith(".py") && !p.includes("test"));
    for (const path of files.slice(0, 3)) {
      appendFileSync(join(py.root, path), "\n\ndef followed_probe(x):\n    return x\n");
      await ctx.index({});
      await expectFollowedEqualsFresh(graph);
    }
  });

  it("reloads everything when the change rows do not link the states", async () => {
    const ctx = py.context();
    const graph = (await ctx.graph())!;
    const state = await readGraphState(graph);
    expect(await changedFilesBetween(graph, state, state)).toEqual(new Set());
    expect(await changedFilesBetween(graph, { ...state, position: 1 }, state)).toBeNull();
    expect(await changedFilesBetween(graph, state, { ...state, version: state.version + 1 })).toBeNull();
  });
});
