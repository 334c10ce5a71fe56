import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportGraphTool } from "../../../src/mcp/tools/exportGraph.js";
import { getDependenciesTool } from "../../../src/mcp/tools/getDependencies.js";
import { queryNodeEdgesTool } from "../../../src/mcp/tools/queryNodeEdges.js";
import type { GraphQueryable } from "../../../src/projections/index.js";
import { resolveSymbol, type SymbolResolution } from "../../../src/queries/symbols/index.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";
import { callTool } from "../../mcp/tools/callTool.js";

// Python: Square(Middle), Middle(Base), Shape = Square. TS: Dialog extends Panel extends Widget, Modal = Dialog.
let project: IndexedProject;
let graph: GraphQueryable;
beforeAll(async () => {
  project = await indexedFixture("resolve/inherited-members");
  graph = (await project.context().graph())!;
}, 60_000);
afterAll(() => project?.close());

const pick = (r: SymbolResolution) => {
  if (r._tag === "Unresolved") return `unresolved ${r.closest.map((c) => c.id).join(",")}`;
  const via = r.via === undefined ? "" : ` via ${r.via.owner.qualifiedName}${r.via.aliases.length > 0 ? ` alias ${r.via.aliases.map((a) => a.qualifiedName).join(",")}` : ""}${r.via.inherited ? " inherited" : ""}`;
  return `${r.node.id}${via}`;
};

describe("Class.method through ancestors and module-level aliases", () => {
  it("Python: a method of a base class, the nearest definition first", async () => {
    expect(pick(await resolveSymbol(graph, "Square.area"))).toBe("s:py/geo/base.py#Base.area via Square inherited");
    // Middle overrides describe: the nearest ancestor answers, not Base.
    expect(pick(await resolveSymbol(graph, "Square.describe"))).toBe("s:py/geo/base.py#Middle.describe via Square inherited");
    // The class's own method needs no route.
    expect(pick(await resolveSymbol(graph, "Square.side"))).toBe("s:py/geo/shapes.py#Square.side");
  });

  it("Python: through a module-level alias (Shape = Square), then its ancestors", async () => {
    expect(pick(await resolveSymbol(graph, "Shape.side"))).toBe("s:py/geo/shapes.py#Square.side via Square alias Shape");
    expect(pick(await resolveSymbol(graph, "Shape.area"))).toBe("s:py/geo/base.py#Base.area via Square alias Shape inherited");
  });

  it("TypeScript: extends chains and export const aliases", async () => {
    expect(pick(await resolveSymbol(graph, "Dialog.area"))).toBe("s:src/base.ts#Widget.area via Dialog inherited");
    expect(pick(await resolveSymbol(graph, "Dialog.describe"))).toBe("s:src/base.ts#Panel.describe via Dialog inherited");
    expect(pick(await resolveSymbol(graph, "Modal.area"))).toBe("s:src/base.ts#Widget.area via Dialog alias Modal inherited");
  });

  it("a member no ancestor has stays unresolved", async () => {
    expect((await resolveSymbol(graph, "Square.volume"))._tag).toBe("Unresolved");
    expect((await resolveSymbol(graph, "Modal.volume"))._tag).toBe("Unresolved");
  });

  it("tools taking a symbol answer for the definition found and say which it is", async () => {
    const edges = await callTool(queryNodeEdgesTool, { node_identifier: "Square.area" }, project.context());
    expect(edges.text).toContain('"Square.area" → Base.area (inherited)');
    const deps = await callTool(getDependenciesTool, { symbol: "Shape.describe" }, project.context());
    expect(deps.text).toContain('"Shape.describe" → Middle.describe (Shape is an alias of Square; inherited)');
    // export_graph's symbol: scope matches names its own way, then the same way.
    const exported = await callTool(exportGraphTool, { scope: "symbol:Dialog.area", format: "json" }, project.context());
    expect(JSON.parse(exported.output.content).nodes.map((n: { id: string }) => n.id)).toContain("s:src/base.ts#Widget.area");
  });
});
