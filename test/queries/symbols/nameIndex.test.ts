import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchNames } from "../../../src/queries/symbols/matchNames.js";
import { nodeIndex, type NodeIndex } from "../../../src/queries/symbols/nodeIndex.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";

/** Texts an agent might pass for a node: its names whole, in part, re-cased, re-separated, mistyped. */
const queriesFor = (index: NodeIndex): string[] => {
  const out = new Set<string>(["", " ", ".", "/", "::", "x", "index", "__init__", "Square::area", "shapes/", "ORDER_LABEL"]);
  for (const n of index.nodes) {
    const parts = n.qualifiedName.split(/[./]/);
    out.add(n.id).add(n.name).add(n.qualifiedName).add(` ${n.name} `);
    out.add(parts.slice(-2).join(".")).add(parts.slice(-2).join("/")).add(parts.slice(1).join("/"));
    out.add(n.name.toLowerCase()).add(n.name.toUpperCase()).add(n.qualifiedName.replace(/\./g, "_")).add(n.qualifiedName.replace(/\./g, "::"));
    out.add(n.name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase());
    if (n.name.length > 3) out.add(n.name.slice(0, -1)).add(n.name.slice(1)).add(`${n.name.slice(0, 2)}${n.name.slice(3)}`).add(`${n.name}x`);
    if (n.path !== null) out.add(n.path.replace(/\.[a-z]+$/, "").replace(/\//g, ".")).add(`${n.path.split("/").slice(-2).join(".")}.${n.name}`);
  }
  return [...out];
};

describe("name matching over the name index", () => {
  let projects: IndexedProject[] = [];
  beforeAll(async () => {
    projects = [await indexedFixture("resolve/ts-basic"), await indexedFixture("resolve/py-basic"), await indexedFixture("resolve/go-basic")];
  }, 180_000);
  afterAll(async () => {
    for (const p of projects) await p.close();
  });

  it("finds exactly what a scan of every node finds, at every tier, with and without kinds", async () => {
    let compared = 0;
    for (const project of projects) {
      const index = await nodeIndex((await project.context().graph())!);
      for (const query of queriesFor(index)) {
        for (const options of [{}, { firstTierOnly: true }, { kinds: new Set(["Function", "Method"]) }, { kinds: new Set(["File"]), firstTierOnly: true }]) {
          const scanned = matchNames(index, query, { ...options, among: index.nodes });
          expect(matchNames(index, query, options), `${query} ${JSON.stringify(options)}`).toEqual(scanned);
          compared += scanned.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
