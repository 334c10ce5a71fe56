import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isFormatError, parseScratch, SCRATCH_FORMATS, writeScratch, type GraphDocument } from "../../../src/queries/scratch/formats/index.js";

/** Labels as the commands accept them: one trimmed line of printable text (quotes, commas, #, backslashes, any script). */
const text = fc
  .string({ unit: fc.oneof(fc.constantFrom("a", "B", " ", '"', "'", ",", "#", "\\", "n", "-", ">", "<", "&", ";", "{", "}", "=", "é", "中", "😀"), fc.char()), minLength: 1, maxLength: 12 })
  .map((s) => s.replace(/[\u0000-\u001f\u007f]/g, "").trim())
  .filter((s) => s.length > 0);
const properties = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }).map((p) => JSON.parse(JSON.stringify(p)) as Record<string, unknown>);

const documents = fc.uniqueArray(text, { minLength: 1, maxLength: 8 }).chain((labels) =>
  fc.record({
    nodes: fc.constant(labels).chain((ls) => fc.tuple(...ls.map((label) => fc.record({ label: fc.constant(label), type: fc.option(text, { nil: null }), properties })))),
    edges: fc.uniqueArray(fc.record({ source: fc.constantFrom(...labels), target: fc.constantFrom(...labels), relation: text, properties }), {
      maxLength: 12,
      selector: (e) => `${e.source}\u0000${e.target}\u0000${e.relation}`,
    }),
  }),
) as fc.Arbitrary<GraphDocument>;

describe("import/export formats", () => {
  it.each(SCRATCH_FORMATS)("%s: what export writes, import reads back the same (property)", (format) => {
    fc.assert(
      fc.property(documents, (doc) => {
        const back = parseScratch(writeScratch("g", doc, format), format);
        if (isFormatError(back)) throw new Error(back.message);
        expect(back.nodes).toEqual(doc.nodes);
        expect(back.edges).toEqual(doc.edges);
      }),
      { numRuns: 150 },
    );
  });

  it("reads what other tools write: DOT chains, groups, subgraphs and attributes; CSV without optional columns; GraphML typed keys", () => {
    const dot = parseScratch('digraph { node [shape=box]; a [type=svc, owner="x"]; a -> b -> c [label=calls]; subgraph s { d -> {e f} } }', "dot");
    expect(dot).toEqual({
      nodes: [
        { label: "a", type: "svc", properties: { owner: "x" } },
        { label: "b", type: null, properties: {} },
        { label: "c", type: null, properties: {} },
        { label: "d", type: null, properties: {} },
        { label: "e", type: null, properties: {} },
        { label: "f", type: null, properties: {} },
      ],
      edges: [
        { source: "a", target: "b", relation: "calls", properties: {} },
        { source: "b", target: "c", relation: "calls", properties: {} },
        { source: "d", target: "e", relation: "related_to", properties: {} },
        { source: "d", target: "f", relation: "related_to", properties: {} },
      ],
    });
    expect(parseScratch("Source,Target\nA,B\n", "csv")).toEqual({ nodes: [], edges: [{ source: "A", target: "B", relation: "related_to", properties: {} }] });
    const graphml = parseScratch(
      `<?xml version="1.0"?><graphml xmlns="http://graphml.graphdrawing.org/xmlns"><key id="d0" for="node" attr.name="weight" attr.type="double"/><key id="d1" for="edge" attr.name="label" attr.type="string"/>
       <graph edgedefault="directed"><node id="n0"><data key="d0">1.5</data></node><node id="n1"/><edge source="n0" target="n1"><data key="d1">knows</data></edge></graph></graphml>`,
      "graphml",
    );
    expect(graphml).toEqual({ nodes: [{ label: "n0", type: null, properties: { weight: 1.5 } }, { label: "n1", type: null, properties: {} }], edges: [{ source: "n0", target: "n1", relation: "knows", properties: {} }] });
  });

  it.each([
    ["dot", "digraph { a -> }", /not valid DOT/],
    ["dot", "graph { a -- b }", /undirected .* write "digraph"/],
    ["dot", 'digraph { a [properties="[1]"] }', /properties must be a JSON object/],
    ["csv", "from,to\nA,B\n", /CSV needs "source" and "target" columns .* its header has "from", "to"/],
    ["csv", 'source,target\n"A,B\n', /not valid CSV/],
    ["csv", "source,target,properties\nA,B,{oops\n", /row 2: the properties column must hold a JSON object/],
    ["graphml", '<graphml><graph edgedefault="undirected"><node id="a"/><node id="b"/><edge source="a" target="b"/></graph></graphml>', /undirected edges .* use edgedefault="directed"/],
    ["graphml", '<graphml><graph edgedefault="directed"><edge source="a" target="b" directed="false"/></graph></graphml>', /undirected edges/],
    ["graphml", "<graphml><graph edgedefault='directed'><node id='a'></graph></graphml>", /not valid GraphML \(XML\)/],
    ["graphml", "<nodes/>", /root element must be <graphml>/],
    ["json", "{nodes: []}", /not valid JSON/],
    ["json", "[1, 2]", /wrong shape/],
    ["json", '{"nodes": [{"name": "A"}]}', /wrong shape .*label/],
    ["json", '{"edges": [{"source": "A"}]}', /wrong shape .*target/],
  ] as const)("%s: malformed input %s is refused saying what is wrong", (format, content, message) => {
    const result = parseScratch(content, format);
    expect(isFormatError(result)).toBe(true);
    if (isFormatError(result)) expect(result.message).toMatch(message);
  });
});
