import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportGraphTool } from "../../../src/mcp/tools/exportGraph.js";
import { getDependenciesTool } from "../../../src/mcp/tools/getDependencies.js";
import { queryNodeEdgesTool } from "../../../src/mcp/tools/queryNodeEdges.js";
import type { GraphQueryable } from "../../../src/projections/index.js";
import { resolveSymbol, type SymbolResolution } from "../../../src/queries/symbols/index.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";
import { callTool } from "../../mcp/tools/callTool.js";

// Python: Square(Middle), Middle(Base), Shape = Square. TS: Dialog extends Panel extends Widget, Modal = Dialog,
// dialog.ts exports Dialog as Popup, index.ts re-exports Dialog as Sheet and Popup as Overlay.
let project: IndexedProject;
let graph: GraphQueryable;
beforeAll(async () => {
  project = await indexedFixture("resolve/inherited-members");
  graph = (await project.context().graph())!;
}, 60_000);
afterAll(() => project?.close());

const pick = (r: SymbolResolution) => {
  if (r._tag === "Unresolved") return `unresolved ${r.closest.map((c) => c.id).join(",")}`;
  const via = r.via === undefined ? "" : ` via ${r.via.owner.qualifiedName}${r.via.aliases.length > 0 ? ` alias ${r.via.aliases.map((a) => a.node.qualifiedName).join(",")}` : ""}${r.via.inherited ? " inherited" : ""}`;
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

  it("TypeScript: through export { Dialog as Popup } of the class's own module and a re-export from another", async () => {
    expect(pick(await resolveSymbol(graph, "Popup.area"))).toBe("s:src/base.ts#Widget.area via Dialog alias Popup inherited");
    expect(pick(await resolveSymbol(graph, "Sheet.area"))).toBe("s:src/base.ts#Widget.area via Dialog alias Sheet inherited");
    expect(pick(await resolveSymbol(graph, "Sheet.title"))).toBe("s:src/dialog.ts#Dialog.title via Dialog alias Sheet");
    // Re-exported under another name again: the resolver follows the chain to the class.
    expect(pick(await resolveSymbol(graph, "Overlay.describe"))).toBe("s:src/base.ts#Panel.describe via Dialog alias Overlay inherited");
    // The name alone answers for the class it stands for.
    expect(pick(await resolveSymbol(graph, "Sheet"))).toBe("s:src/dialog.ts#Dialog via Dialog alias Sheet");
    // By its id, the alias's own node.
    expect(pick(await resolveSymbol(graph, "s:src/index.ts#Sheet"))).toBe("s:src/index.ts#Sheet");
  });

  it("a member no ancestor has stays unresolved", async () => {
    expect((await resolveSymbol(graph, "Square.volume"))._tag).toBe("Unresolved");
    expect((await resolveSymbol(graph, "Modal.volume"))._tag).toBe("Unresolved");
    expect((await resolveSymbol(graph, "Sheet.volume"))._tag).toBe("Unresolved");
  });

  it("tools taking a symbol answer for the definition found and say which it is", async () => {
    const edges = await callTool(queryNodeEdgesTool, { node_identifier: "Square.area" }, project.context());
    expect(edges.text).toContain('"Square.area" → Base.area (inherited)');
    const deps = await callTool(getDependenciesTool, { symbol: "Shape.describe" }, project.context());
    expect(deps.text).toContain('"Shape.describe" → Middle.describe (Shape is an alias of Square; inherited)');
    const reexported = await callTool(getDependenciesTool, { symbol: "Sheet.area" }, project.context());
    expect(reexported.text).toContain('"Sheet.area" → Widget.area (Sheet is an alias of Dialog, re-exported by src/index.ts; inherited)');
    const local = await callTool(queryNodeEdgesTool, { node_identifier: "Popup" }, project.context());
    expect(local.text).toContain('"Popup" → Dialog (Popup is an alias of Dialog, exported by src/dialog.ts)');
    // export_graph's symbol: scope matches names its own way, then the same way.
    const exported = await callTool(exportGraphTool, { scope: "symbol:Dialog.area", format: "json" }, project.context());
    expect(JSON.parse(exported.output.content).nodes.map((n: { id: string }) => n.id)).toContain("s:src/base.ts#Widget.area");
  });
});
