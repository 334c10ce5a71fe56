import { describe, expect, it } from "vitest";
import { decodeUnresolved, unresolvedColumns } from "../../../src/projections/graph/graphRows.js";
import type { UnresolvedReference } from "../../../src/projections/graph/model.js";

const PATH = "pkg/mod#1.py";

describe("unresolvedColumns", () => {
  it("stores compact tuples that decode to the same entries, in a canonical order", () => {
    const refs: UnresolvedReference[] = [
      { from: `s:${PATH}#Klass.run`, kind: "call", name: "helper", qualifier: "self.x", line: 9 },
      { from: `f:${PATH}`, kind: "import", name: "os.path", qualifier: null, line: 1 },
      // A symbol id holding '#' (overloads are suffixed `#2`) and a source outside the file.
      { from: `s:${PATH}#f#2`, kind: "new", name: "Thing", qualifier: null, line: 9 },
      { from: "s:other.py#g", kind: "type", name: "T", qualifier: "a.b", line: 3 },
    ];
    const columns = unresolvedColumns(PATH, refs);
    expect(columns.unresolvedCount).toBe(4);
    expect(columns.unresolved).not.toContain(`s:${PATH}`);
    const decoded = decodeUnresolved(PATH, columns.unresolved);
    expect(decoded.map((e) => e.line)).toEqual([1, 3, 9, 9]);
    expect(decoded).toEqual(expect.arrayContaining(refs.map((r) => ({ ...r }))));
    expect(decoded).toHaveLength(4);
    // The same facts in another order give the same text.
    expect(unresolvedColumns(PATH, [...refs].reverse()).unresolved).toBe(columns.unresolved);
  });

  it("an empty list is stored as []", () => {
    expect(unresolvedColumns(PATH, [])).toEqual({ unresolved: "[]", unresolvedCount: 0 });
    expect(decodeUnresolved(PATH, "[]")).toEqual([]);
  });
});
