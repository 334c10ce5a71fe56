import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addEdges, addNodes, deleteGraph, edgeOf, loadGraphState, removeEdges, removeNodes } from "../../../src/commands/scratch/index.js";
import type { Command, TaggedError } from "../../../src/commands/index.js";
import { closeEventLog, type LogHandle, openEventLog, readEvents, SqliteEventStore } from "../../../src/events/index.js";
import { catchUp, rebuild } from "../../../src/projections/index.js";
import { ScratchProjector, ScratchReader } from "../../../src/projections/scratch/index.js";

const meta = { source: "test" as const };
let dir: string;
let log: LogHandle;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "nemesis-scratch-"));
  log = openEventLog(join(dir, "events.db"));
});
afterEach(() => {
  closeEventLog(log);
  rmSync(dir, { recursive: true, force: true });
});

// A refusal (a node already gone, in the random runs) is an outcome like any other here.
const run = <A, E extends TaggedError>(command: Command<A, E>) => command(SqliteEventStore.of(log));

/** What a reader sees of a graph: nodes and edges in order, with everything they carry. */
const contents = (path: string, graph: string) => {
  const reader = ScratchReader.open(path);
  try {
    return { graphs: reader.graphs().map((g) => [g.name, g.version, g.nodes, g.edges]), nodes: reader.nodes(graph), edges: reader.edges(graph) };
  } finally {
    reader.close();
  }
};

/** The same as the write side's fold says it, for comparison. */
const folded = (graph: string) => {
  const state = loadGraphState(SqliteEventStore.of(log), `graph:${graph}`);
  return {
    nodes: [...state.nodes.values()].map((n) => ({ label: n.label, type: n.type, properties: n.properties })),
    edges: [...state.edges].map(([key, properties]) => edgeOf(key, properties)),
  };
};

const byKey = <T extends object>(items: T[]) => [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe("the scratch graphs projector", () => {
  it("applying a batch twice leaves the same read model, and a rebuild from the log gives the incremental one", async () => {
    run(addNodes("g", [{ label: "A", type: "t", properties: { x: 1 } }, { label: "B" }, { label: "C" }], meta));
    run(addEdges("g", [{ source: "A", target: "B", relation: "r" }, { source: "B", target: "C", relation: "r" }], meta));
    const path = join(dir, "graphs.db");
    const p = new ScratchProjector(path);
    await catchUp(log, p);
    const once = contents(path, "g");
    const events = readEvents(log);
    await p.apply(events, events.at(-1)!.position);
    expect(contents(path, "g")).toEqual(once);
    run(removeNodes("g", ["B"], meta));
    run(addNodes("g", [{ label: "A", properties: { y: 2 } }], meta));
    await catchUp(log, p);
    const incremental = contents(path, "g");
    expect(incremental.nodes).toEqual([
      { label: "A", type: "t", properties: { x: 1, y: 2 } },
      { label: "C", type: null, properties: {} },
    ]);
    expect(incremental.edges).toEqual([]);
    await rebuild(log, p);
    expect(contents(path, "g")).toEqual(incremental);
    await p.close();
  });

  it("a catch-up that starts behind another never rolls the model back (each event applied once)", async () => {
    run(addNodes("g", [{ label: "A" }], meta));
    const path = join(dir, "graphs.db");
    const p = new ScratchProjector(path);
    const stale = readEvents(log);
    run(removeNodes("g", ["A"], meta));
    await catchUp(log, p);
    // The older batch arrives after the newer one was applied: it must not bring A back.
    await p.apply(stale, stale.at(-1)!.position);
    expect(contents(path, "g").nodes).toEqual([]);
    await p.close();
  });

  it("replaying any sequence of writes rebuilds exactly what the write side folded (property)", async () => {
    const label = fc.constantFrom("A", "B", "C", "D", "a", "Data Base", "Database");
    const op = fc.oneof(
      fc.record({ kind: fc.constant("node" as const), label, type: fc.option(fc.constantFrom("x", "y"), { nil: null }), props: fc.dictionary(fc.constantFrom("p", "q"), fc.integer({ min: 0, max: 3 })) }),
      fc.record({ kind: fc.constant("edge" as const), source: label, target: label, relation: fc.constantFrom("r", "s") }),
      fc.record({ kind: fc.constant("dropNode" as const), label }),
      fc.record({ kind: fc.constant("dropEdge" as const), source: label, target: label, relation: fc.option(fc.constantFrom("r", "s"), { nil: null }) }),
      fc.record({ kind: fc.constant("delete" as const) }),
    );
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
        const graph = `p${round++}`;
        for (const o of ops) {
          if (o.kind === "node") run(addNodes(graph, [{ label: o.label, type: o.type, properties: o.props }], meta));
          else if (o.kind === "edge") run(addEdges(graph, [o], meta));
          else if (o.kind === "dropNode") run(removeNodes(graph, [o.label], meta));
          else if (o.kind === "dropEdge") run(removeEdges(graph, [o], meta));
          else run(deleteGraph(graph, meta));
        }
        const path = join(dir, `graphs-${graph}.db`);
        const p = new ScratchProjector(path);
        await catchUp(log, p, { batchSize: 7 });
        const model = contents(path, graph);
        const expected = folded(graph);
        expect(byKey(model.nodes)).toEqual(byKey(expected.nodes));
        expect(byKey(model.edges)).toEqual(byKey(expected.edges));
        await rebuild(log, p);
        expect(contents(path, graph)).toEqual(model);
        await p.close();
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
