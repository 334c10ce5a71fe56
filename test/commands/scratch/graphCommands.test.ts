import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addEdges, addNodes, applyGraphEvent, deleteGraph, edgeKey, edgeOf, emptyGraphState, importGraph, loadGraphState, removeEdges, removeNodes } from "../../../src/commands/scratch/index.js";
import { nodeNamed } from "../../../src/commands/scratch/GraphState.js";
import { expectLeft, expectRight, meta, scenario } from "../harness.js";

let s: ReturnType<typeof scenario>;
beforeEach(() => (s = scenario()));
afterEach(() => s.close());

const types = () => s.newEvents().map((e) => e.type);

describe("graph commands: given the stream, when a command, then these events", () => {
  it("a node added again, or under another spelling of its words, merges; 'Data Base' stays apart from 'Database'", () => {
    expectRight(s.when(addNodes("g", [{ label: "AuthService", type: "service" }, { label: "Database" }], meta)));
    s.given([]);
    const again = expectRight(s.when(addNodes("g", [{ label: "auth_service", properties: { team: "core" } }, { label: "Auth Service" }, { label: "Data Base" }], meta)));
    expect(again.answer.map((n) => [n.asked, n.label, n.change])).toEqual([
      ["auth_service", "AuthService", "updated"],
      ["Auth Service", "AuthService", "unchanged"],
      ["Data Base", "Data Base", "created"],
    ]);
    expect(s.newEvents().map((e) => [e.type, e.stream, e.data])).toEqual([
      ["GraphNodeUpdated", "graph:g", { label: "AuthService", type: null, properties: { team: "core" } }],
      ["GraphNodeAdded", "graph:g", { label: "Data Base", type: null, properties: {} }],
    ]);
    const state = loadGraphState(s.store, "graph:g");
    expect(state.nodes.get("AuthService")).toEqual({ label: "AuthService", type: "service", properties: { team: "core" } });
    expect([...state.nodes.keys()].sort()).toEqual(["AuthService", "Data Base", "Database"]);
  });

  it("a label equal but for case merges even where its words split differently ('userdb' is 'UserDB')", () => {
    expectRight(s.when(addNodes("g", [{ label: "UserDB", type: "db" }, { label: "Database" }], meta)));
    s.given([]);
    const again = expectRight(s.when(addNodes("g", [{ label: "userdb", properties: { engine: "pg" } }, { label: "USERDB" }, { label: "Data Base" }], meta)));
    expect(again.answer.map((n) => [n.asked, n.label, n.change])).toEqual([
      ["userdb", "UserDB", "updated"],
      ["USERDB", "UserDB", "unchanged"],
      ["Data Base", "Data Base", "created"],
    ]);
    const state = loadGraphState(s.store, "graph:g");
    expect(nodeNamed(state, "USERdb")).toEqual({ found: { label: "UserDB", type: "db", properties: { engine: "pg" } } });
    // An edge to either spelling reaches the one node.
    expect(expectRight(s.when(addEdges("g", [{ source: "userdb", target: "database", relation: "backs" }], meta))).answer).toEqual([
      expect.objectContaining({ _tag: "Added", source: "UserDB", target: "Database" }),
    ]);
  });

  it("a repeated write appends nothing (a retried call does not fill the log)", () => {
    expectRight(s.when(addNodes("g", [{ label: "A", properties: { x: 1 } }], meta)));
    s.given([]);
    expect(expectRight(s.when(addNodes("g", [{ label: "A", properties: { x: 1 } }], meta))).appended).toBe(0);
    expect(types()).toEqual([]);
  });

  it("edges form a multigraph: several relations between two nodes, one edge per relation", () => {
    expectRight(s.when(addNodes("g", [{ label: "A" }, { label: "B" }], meta)));
    const added = expectRight(s.when(addEdges("g", [{ source: "A", target: "B", relation: "calls" }, { source: "a", target: "b", relation: "owns" }, { source: "A", target: "B", relation: "calls", properties: { w: 2 } }], meta)));
    expect(added.answer.map((r) => (r._tag === "Added" ? r.change : r.reason))).toEqual(["created", "created", "updated"]);
    expect(loadGraphState(s.store, "graph:g").edges.size).toBe(2);
  });

  it("an edge to an unknown node fails alone in a batch, and fails the write with allOrNothing", () => {
    expectRight(s.when(addNodes("g", [{ label: "A" }], meta)));
    s.given([]);
    const batch = expectRight(s.when(addEdges("g", [{ source: "A", target: "Nowhere", relation: "r" }, { source: "A", target: "A", relation: "self" }], meta)));
    expect(batch.answer[0]).toMatchObject({ _tag: "Failed", index: 0, reason: expect.stringMatching(/no node "Nowhere".*add_node/) });
    expect(types()).toEqual(["GraphEdgeAdded"]);
    s.given([]);
    const refused = expectLeft(s.when(addEdges("g", [{ source: "A", target: "Nowhere", relation: "r" }], meta, { allOrNothing: true })));
    expect(refused.message).toMatch(/no node "Nowhere"/);
    expect(types()).toEqual([]);
  });

  it("removing a node removes its edges first, each an event of its own", () => {
    expectRight(s.when(addNodes("g", [{ label: "A" }, { label: "B" }, { label: "C" }], meta)));
    expectRight(s.when(addEdges("g", [{ source: "A", target: "B", relation: "r" }, { source: "C", target: "A", relation: "r" }, { source: "B", target: "C", relation: "r" }], meta)));
    s.given([]);
    const removed = expectRight(s.when(removeNodes("g", ["a"], meta)));
    expect(removed.answer).toEqual([{ label: "A", edgesRemoved: 2 }]);
    expect(types()).toEqual(["GraphEdgeRemoved", "GraphEdgeRemoved", "GraphNodeRemoved"]);
    expect(expectLeft(s.when(removeNodes("g", ["A"], meta))).message).toMatch(/no node "A" in graph "g": look it up with find_node/);
  });

  it("removes one relation or every relation between two nodes", () => {
    expectRight(s.when(addNodes("g", [{ label: "A" }, { label: "B" }], meta)));
    expectRight(s.when(addEdges("g", ["x", "y", "z"].map((relation) => ({ source: "A", target: "B", relation })), meta)));
    expect(expectRight(s.when(removeEdges("g", [{ source: "A", target: "B", relation: "x" }], meta))).answer.map((e) => e.relation)).toEqual(["x"]);
    expect(expectRight(s.when(removeEdges("g", [{ source: "A", target: "B", relation: null }], meta))).answer.map((e) => e.relation).sort()).toEqual(["y", "z"]);
    expect(expectRight(s.when(removeEdges("g", [{ source: "A", target: "B", relation: null }], meta))).appended).toBe(0);
  });

  it("deletes a graph with one event; deleting it again, or a graph never written, says there is none", () => {
    expect(expectLeft(s.when(deleteGraph("g", meta))).message).toMatch(/no graph named "g": list_graphs/);
    expectRight(s.when(addNodes("g", [{ label: "A" }], meta)));
    s.given([]);
    expect(expectRight(s.when(deleteGraph("g", meta))).answer).toEqual({ nodes: 1, edges: 0 });
    expect(types()).toEqual(["GraphDeleted"]);
    expect(expectLeft(s.when(deleteGraph("g", meta)))._tag).toBe("GraphNotFound");
    expectRight(s.when(addNodes("g", [{ label: "B" }], meta)));
    expect([...loadGraphState(s.store, "graph:g").nodes.keys()]).toEqual(["B"]);
  });

  it("refuses the code graph, bad names and bad labels with what to do", () => {
    expect(expectLeft(s.when(addNodes("code", [{ label: "A" }], meta))).message).toMatch(/code graph, read-only .* write to a scratch graph/);
    expect(expectLeft(s.when(addNodes("no spaces", [{ label: "A" }], meta))).message).toMatch(/not a graph name: use letters, digits/);
    expect(expectLeft(s.when(addNodes("g", [{ label: "two\nlines" }], meta))).message).toMatch(/must be one line/);
    expect(expectLeft(s.when(addNodes("g", [{ label: "bell\u0007" }], meta))).message).toMatch(/control characters/);
    expect(types()).toEqual([]);
  });

  it("an import is all or nothing, creating missing endpoints", () => {
    const doc = { nodes: [{ label: "A", type: "t" }], edges: [{ source: "A", target: "B", relation: "r" }] };
    expect(expectRight(s.when(importGraph("g", doc, meta))).answer).toEqual({ nodesAdded: 2, nodesUpdated: 0, edgesAdded: 1, edgesUpdated: 0 });
    s.given([]);
    const bad = { nodes: [{ label: "C" }], edges: [{ source: "A", target: "D", relation: "" }] };
    expect(expectLeft(s.when(importGraph("g", bad, meta))).message).toMatch(/edge 1: relation is empty/);
    expect(types()).toEqual([]);
  });
});

describe("the write side's fold", () => {
  it("files labels by normalised form, one or several, and forgets them as nodes go", () => {
    const state = emptyGraphState();
    for (const label of ["API", "Api", "Gateway"]) applyGraphEvent(state, "GraphNodeAdded", { label, type: null, properties: {} });
    expect(nodeNamed(state, "api")).toEqual({ ambiguous: ["API", "Api"] });
    applyGraphEvent(state, "GraphNodeRemoved", { label: "Api" });
    expect(nodeNamed(state, "api")).toEqual({ found: { label: "API", type: null, properties: {} } });
    applyGraphEvent(state, "GraphNodeRemoved", { label: "API" });
    expect(nodeNamed(state, "api")).toBeNull();
    expect([...state.byNorm.keys()]).toEqual(["gateway"]);
  });

  it("keeps an edge as its key and properties, merges updates, and drops it with either end", () => {
    const state = emptyGraphState();
    for (const label of ["A", "B"]) applyGraphEvent(state, "GraphNodeAdded", { label, type: null, properties: {} });
    applyGraphEvent(state, "GraphEdgeAdded", { source: "A", target: "B", relation: "calls", properties: {} });
    applyGraphEvent(state, "GraphEdgeAdded", { source: "B", target: "A", relation: "calls", properties: { w: 1 } });
    applyGraphEvent(state, "GraphEdgeUpdated", { source: "B", target: "A", relation: "calls", properties: { x: 2 } });
    const key = edgeKey("B", "A", "calls");
    expect(edgeOf(key, state.edges.get(key)!)).toEqual({ source: "B", target: "A", relation: "calls", properties: { w: 1, x: 2 } });
    // Nothing to tell apart: every fact without properties shares one object.
    expect(state.edges.get(edgeKey("A", "B", "calls"))).toBe(state.nodes.get("A")!.properties);
    expect([...state.incident.get("A")!].sort()).toEqual([edgeKey("A", "B", "calls"), key].sort());
    applyGraphEvent(state, "GraphNodeRemoved", { label: "B" });
    expect(state.edges.size).toBe(0);
    expect(state.incident.size).toBe(0);
  });
});
