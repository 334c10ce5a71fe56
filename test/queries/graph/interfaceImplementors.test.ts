import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQueryable } from "../../../src/projections/graph/GraphReader.js";
import { interfaceImplementors, type ImplementorsAnswer } from "../../../src/queries/graph/interfaceImplementors.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";

const projects: IndexedProject[] = [];
const graphs = new Map<string, GraphQueryable>();
beforeAll(async () => {
  for (const name of ["analysis/cycles", "resolve/go-basic", "resolve/py-basic"]) {
    const project = await indexedFixture(name);
    projects.push(project);
    graphs.set(name, (await project.context().graph())!);
  }
}, 120_000);
afterAll(async () => {
  for (const p of projects) await p.close();
});

const interfaces = (answer: ImplementorsAnswer) => {
  if (answer._tag !== "Interfaces") throw new Error(answer._tag);
  return answer.interfaces;
};
const implementors = (i: { implementors: ReadonlyArray<{ name: string; how: string; via: string | null; file: string | null; line: number }> }) =>
  i.implementors.map((m) => `${m.name} ${m.how}${m.via === null ? "" : ` ${m.via}`} ${m.file}:${m.line}`);

describe("interfaceImplementors", () => {
  it("TS: declared implementors, through a sub-interface, and subclasses of an implementor", async () => {
    const [handler, eventHandler] = interfaces(await interfaceImplementors(graphs.get("analysis/cycles")!, "*Handler"));
    expect(handler).toMatchObject({ name: "Handler", file: "src/handlers/handler.ts", line: 1, endLine: 3, methods: ["handle"] });
    expect(handler!.extendedBy.map((e) => e.name)).toEqual(["EventHandler"]);
    expect(implementors(handler!)).toEqual([
      "KeyHandler declared src/handlers/click.ts:13",
      "LoudKeyHandler inherited KeyHandler src/handlers/click.ts:19",
      "ClickHandler declared EventHandler src/handlers/click.ts:3",
    ]);
    expect(implementors(eventHandler!)).toEqual(["ClickHandler declared src/handlers/click.ts:3"]);
  });

  it("Go: a struct asserted to implement the interface (`var _ Store = (*Memory)(nil)`) declares it", async () => {
    const found = interfaces(await interfaceImplementors(graphs.get("resolve/go-basic")!, "S*"));
    expect(found.map((i) => `${i.name} ${i.doc}`)).toEqual(["Store Store keeps values by key.", "Sized Sized reports a size."]);
    expect(implementors(found[0]!)).toEqual(["Memory declared store/memory.go:3"]);
    expect(found[0]!.methods).toEqual(["Get", "Put"]);
    expect(found[1]!.implementors).toEqual([]);
  });

  it("Python: a Protocol (a Class something implements) counts as an interface", async () => {
    const [priced] = interfaces(await interfaceImplementors(graphs.get("resolve/py-basic")!, "Priced"));
    expect(priced).toMatchObject({ kind: "Class", signature: "class Priced(Protocol)", methods: ["price", "currency"] });
    expect(implementors(priced!)).toEqual(["Order structural src/shop/models/order.py:5"]);
  });

  it("matches regardless of case when nothing matches as written; caps what it lists", async () => {
    const graph = graphs.get("analysis/cycles")!;
    expect(interfaces(await interfaceImplementors(graph, "eventhandler")).map((i) => i.name)).toEqual(["EventHandler"]);
    const capped = await interfaceImplementors(graph, "*", { maxInterfaces: 1, maxImplementors: 1 });
    expect(capped).toMatchObject({ _tag: "Interfaces", matched: 3 });
    expect(interfaces(capped)[0]).toMatchObject({ name: "Handler", implementorsCapped: true });
    expect(interfaces(capped)[0]!.implementors).toHaveLength(1);
  });

  it("no match: the closest interfaces", async () => {
    const answer = await interfaceImplementors(graphs.get("analysis/cycles")!, "Handlr*");
    expect(answer._tag === "NoInterface" && answer.candidates.map((c) => c.name)).toEqual(["Handler", "EventHandler", "Unused"]);
  });
});
