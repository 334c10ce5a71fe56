import { describe, expect, it } from "vitest";
import { diffEdges } from "../../../src/projections/graph/diffEdges.js";
import type { GraphEdge } from "../../../src/projections/graph/model.js";

const e = (to: string, line = 1): GraphEdge => ({ kind: "CALLS", from: "s:a#f", to, line });

describe("diffEdges", () => {
  it("writes nothing when the edges did not change, whatever their order", () => {
    expect(diffEdges([e("s:b#x"), e("s:b#y")], [e("s:b#y"), e("s:b#x")])).toEqual({ removed: [], added: [] });
  });
  it("removes what went and adds what came", () => {
    expect(diffEdges([e("s:b#x"), e("s:b#y")], [e("s:b#y"), e("s:b#z")])).toEqual({ removed: [e("s:b#x")], added: [e("s:b#z")] });
  });
  it("a key whose count changed is deleted once and re-added with its new copies", () => {
    expect(diffEdges([e("s:b#x"), e("s:b#x")], [e("s:b#x")])).toEqual({ removed: [e("s:b#x")], added: [e("s:b#x")] });
    expect(diffEdges([e("s:b#x")], [e("s:b#x"), e("s:b#x")])).toEqual({ removed: [e("s:b#x")], added: [e("s:b#x"), e("s:b#x")] });
  });
  it("the line is part of the key", () => {
    expect(diffEdges([e("s:b#x", 1)], [e("s:b#x", 2)])).toEqual({ removed: [e("s:b#x", 1)], added: [e("s:b#x", 2)] });
  });
});
