import { describe, expect, it } from "vitest";
import type { PlainGraph } from "../../../../src/queries/analysis/PlainGraph.js";
import { formatGraph } from "../../../../src/queries/analysis/export/formatGraph.js";
import { parseCsv, parseDot, parseXml } from "./parsers.js";

// Names a real graph holds: a test titled with quotes, a backslash, markup and commas (see
// fixtures/analysis/cycles/test/parity.test.ts), plus worse: a trailing backslash, line breaks,
// a tab, a control character, non-BMP text.
const NASTY = 'parity.says "even", & <odd> \\\\ back';
const MULTI = 's:odd, "quoted".ts#multi\nline';
const graph: PlainGraph = {
  nodes: [
    { id: "f:src/parity.ts", kind: "File", name: "src/parity.ts", file: "src/parity.ts", line: 0 },
    { id: "s:src/parity.ts#isEven", kind: "Function", name: "isEven", file: "src/parity.ts", line: 1 },
    { id: `s:test/parity.test.ts#${NASTY}`, kind: "Test", name: NASTY, file: "test/parity.test.ts", line: 5 },
    { id: "s:odd.ts#ends\\", kind: "Function", name: "ends\\", file: "odd.ts", line: 2 },
    { id: MULTI, kind: "Variable", name: "line one\nline two\r\n\ttabbed 'single' -- 😀", file: "odd, \"quoted\".ts", line: 3 },
    { id: "x:react", kind: "External", name: "react", file: null, line: 0 },
  ],
  edges: [
    { source: "f:src/parity.ts", target: "s:src/parity.ts#isEven", kind: "CONTAINS", line: 0 },
    { source: `s:test/parity.test.ts#${NASTY}`, target: "s:src/parity.ts#isEven", kind: "CALLS", line: 6 },
    { source: "s:odd.ts#ends\\", target: MULTI, kind: "CALLS", line: 4 },
  ],
};
const NOTE = "capped at 6 nodes -- of 9";

describe("graph exporters read back to the same graph", () => {
  it("DOT", () => {
    const text = formatGraph(graph, "dot", NOTE);
    expect(text.startsWith("// capped at 6 nodes -- of 9\ndigraph nemesis {")).toBe(true);
    const dot = parseDot(text);
    expect(dot.nodes.map((n) => ({ id: n.ids[0], kind: n.attrs.kind, name: n.attrs.label, file: n.attrs.file ?? null, line: Number(n.attrs.line) }))).toEqual(graph.nodes);
    expect(dot.edges.map((e) => ({ source: e.ids[0], target: e.ids[1], kind: e.attrs.label, line: Number(e.attrs.line) }))).toEqual(graph.edges);
    expect(text).toContain(String.raw`label="parity.says \"even\", & <odd> \\\\ back"`);
    expect(text).toContain(String.raw`"s:odd.ts#ends\\" -> "s:odd, \"quoted\".ts#multi\nline"`);
  });

  it("GraphML", () => {
    const text = formatGraph(graph, "graphml", NOTE);
    const root = parseXml(text);
    expect(root.name).toBe("graphml");
    const g = root.children.find((c) => c.name === "graph")!;
    expect(g.attrs).toEqual({ id: "nemesis", edgedefault: "directed" });
    const keys = Object.fromEntries(root.children.filter((c) => c.name === "key").map((k) => [k.attrs.id, k.attrs["attr.name"]]));
    const data = (el: (typeof root.children)[number]) => Object.fromEntries(el.children.map((d) => [keys[d.attrs.key!], d.text]));
    const nodes = g.children.filter((c) => c.name === "node").map((n) => ({ id: n.attrs.id, ...data(n) }));
    // XML 1.0 has no control characters but tab, LF and CR; the rest come back as U+FFFD.
    expect(nodes.map((n) => ({ id: n.id, kind: n.kind, name: n.name, file: n.file ?? null, line: Number(n.line) }))).toEqual(graph.nodes);
    const edges = g.children.filter((c) => c.name === "edge").map((e) => ({ source: e.attrs.source, target: e.attrs.target, ...data(e) }));
    expect(edges.map((e) => ({ source: e.source, target: e.target, kind: e.kind, line: Number(e.line) }))).toEqual(graph.edges);
    expect(text).toContain("<!-- capped at 6 nodes - - of 9 -->");
  });

  it("GraphML replaces characters XML cannot hold", () => {
    const bad: PlainGraph = { nodes: [{ id: "s:a#b\u0001c\uD800", kind: "Function", name: "b\u0001c", file: "a", line: 1 }], edges: [] };
    const node = parseXml(formatGraph(bad, "graphml")).children.find((c) => c.name === "graph")!.children[0]!;
    expect(node.attrs.id).toBe("s:a#b\uFFFDc\uFFFD");
  });

  it("JSON", () => {
    const parsed = JSON.parse(formatGraph(graph, "json", NOTE)) as PlainGraph & { note: string };
    expect(parsed).toEqual({ note: NOTE, ...graph });
    expect(JSON.parse(formatGraph({ nodes: [], edges: [] }, "json"))).toEqual({ nodes: [], edges: [] });
  });

  it("CSV: an edge list, nodes without edges as rows of their own", () => {
    const text = formatGraph(graph, "csv", NOTE);
    const [comment, ...csv] = text.split("\r\n");
    expect(comment).toBe(`# ${NOTE}`);
    const rows = parseCsv(csv.join("\r\n"));
    expect(rows[0]).toEqual(["source", "target", "kind", "line"]);
    expect(rows.slice(1)).toEqual([
      ["f:src/parity.ts", "s:src/parity.ts#isEven", "CONTAINS", "0"],
      [`s:test/parity.test.ts#${NASTY}`, "s:src/parity.ts#isEven", "CALLS", "6"],
      ["s:odd.ts#ends\\", MULTI, "CALLS", "4"],
      ["x:react", "", "", ""],
    ]);
  });
});
