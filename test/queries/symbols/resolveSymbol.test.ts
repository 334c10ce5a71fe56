import { describe, expect, it } from "vitest";
import { abbreviationCost, boundedEditDistance } from "../../../src/queries/symbols/matchNames.js";
import { nodeIndexOf, resolveIn, type GraphNode, type SymbolResolution } from "../../../src/queries/symbols/index.js";

const sym = (path: string, qualifiedName: string, kind: string, startLine: number, endLine = startLine, exported = true): GraphNode => ({
  id: `s:${path}#${qualifiedName}`,
  table: "Symbol",
  kind,
  name: qualifiedName.slice(qualifiedName.lastIndexOf(".") + 1),
  qualifiedName,
  path,
  startLine,
  endLine,
  signature: null,
  exported,
});
const file = (path: string): GraphNode => ({
  id: `f:${path}`,
  table: "File",
  kind: "File",
  name: path.slice(path.lastIndexOf("/") + 1),
  qualifiedName: path,
  path,
  startLine: 1,
  endLine: 30,
  signature: "typescript",
  exported: true,
});

const index = nodeIndexOf([
  file("src/render.ts"),
  file("src/shapes/index.ts"),
  file("src/shapes/square.ts"),
  file("httpx/_client.py"),
  file("src/shop/models/__init__.py"),
  file("src/shop/pricing.py"),
  file("test/render.test.ts"),
  sym("src/render.ts", "render", "Function", 7, 13),
  sym("test/render.test.ts", "render", "Test", 5, 10, false),
  sym("src/shapes/square.ts", "Square", "Class", 4, 20),
  sym("src/shapes/square.ts", "Square.area", "Method", 9, 11, false),
  sym("src/shapes/square.ts", "makeSquare", "Function", 22, 24),
  sym("httpx/_client.py", "Client", "Class", 10, 90),
  sym("httpx/_client.py", "Client.send", "Method", 40, 60),
  sym("httpx/_client.py", "AsyncClient.send", "Method", 70, 80),
  sym("src/services/user.ts", "UserService", "Class", 1, 9),
  sym("src/services/user.ts", "userService", "Variable", 11),
  sym("src/shop/pricing.py", "total", "Function", 6, 7),
  sym("src/shop/a/b/pricing.py", "total", "Function", 6, 7),
]);

const pick = (r: SymbolResolution) =>
  r._tag === "Resolved"
    ? { id: r.node.id, match: r.match, others: r.others.map((o) => o.id) }
    : { unresolved: r.reason, closest: r.closest.map((c) => c.id) };

describe("resolveSymbol tiers", () => {
  it("exact: a node id, a name, a qualified name or a file path", () => {
    expect(pick(resolveIn(index, "s:src/render.ts#render"))).toEqual({ id: "s:src/render.ts#render", match: "exact", others: [] });
    expect(pick(resolveIn(index, "Square.area"))).toMatchObject({ id: "s:src/shapes/square.ts#Square.area", match: "exact" });
    expect(pick(resolveIn(index, "src/render.ts"))).toMatchObject({ id: "f:src/render.ts", match: "exact" });
  });

  it("several exact matches: the function before the test of the same name, which is named as another", () => {
    expect(pick(resolveIn(index, "render"))).toEqual({
      id: "s:src/render.ts#render",
      match: "exact",
      others: ["s:test/render.test.ts#render"],
    });
  });

  it("suffix: a qualified tail, with module segments from the file or its folder", () => {
    expect(pick(resolveIn(index, "Client.send"))).toMatchObject({ id: "s:httpx/_client.py#Client.send", match: "exact" });
    expect(pick(resolveIn(index, "_client.Client.send"))).toMatchObject({ id: "s:httpx/_client.py#Client.send", match: "suffix" });
    expect(pick(resolveIn(index, "httpx._client.Client"))).toMatchObject({ id: "s:httpx/_client.py#Client", match: "suffix" });
    expect(pick(resolveIn(index, "shapes.Square"))).toMatchObject({ id: "s:src/shapes/square.ts#Square", match: "suffix" });
    expect(pick(resolveIn(index, "square.makeSquare"))).toMatchObject({ id: "s:src/shapes/square.ts#makeSquare", match: "suffix" });
    // A package's __init__ and index files are named after their folder; a module by its stem.
    expect(pick(resolveIn(index, "shop.models"))).toMatchObject({ id: "f:src/shop/models/__init__.py", match: "suffix" });
    expect(pick(resolveIn(index, "shop.pricing"))).toMatchObject({ id: "f:src/shop/pricing.py", match: "suffix" });
    // `send` alone names two methods: the first in the file is chosen, the other named.
    expect(pick(resolveIn(index, "send"))).toEqual({
      id: "s:httpx/_client.py#Client.send",
      match: "exact",
      others: ["s:httpx/_client.py#AsyncClient.send"],
    });
  });

  it("suffix on a path tail names the file", () => {
    expect(pick(resolveIn(index, "square.ts"))).toMatchObject({ id: "f:src/shapes/square.ts", match: "suffix" });
    expect(pick(resolveIn(index, "shapes/square.ts"))).toMatchObject({ id: "f:src/shapes/square.ts", match: "suffix" });
  });

  it("normalised: case, underscores, dashes and other separators ignored", () => {
    expect(pick(resolveIn(index, "user_service"))).toEqual({
      id: "s:src/services/user.ts#UserService",
      match: "normalised",
      others: ["s:src/services/user.ts#userService"],
    });
    expect(pick(resolveIn(index, "Square::area"))).toMatchObject({ id: "s:src/shapes/square.ts#Square.area", match: "normalised" });
    expect(pick(resolveIn(index, "square#AREA"))).toMatchObject({ id: "s:src/shapes/square.ts#Square.area", match: "normalised" });
    expect(pick(resolveIn(index, "Shapes/Square"))).toMatchObject({ id: "s:src/shapes/square.ts#Square", match: "normalised" });
    expect(pick(resolveIn(index, "SRC/Render.TS"))).toMatchObject({ id: "f:src/render.ts", match: "normalised" });
    expect(pick(resolveIn(index, "SQUARE_AREA"))).toMatchObject({ id: "s:src/shapes/square.ts#Square.area", match: "normalised" });
    expect(pick(resolveIn(index, "squareArea"))).toMatchObject({ id: "s:src/shapes/square.ts#Square.area", match: "normalised" });
  });

  it("fuzzy: a typo or a swap away, or an abbreviation", () => {
    expect(pick(resolveIn(index, "Sqaure"))).toMatchObject({ id: "s:src/shapes/square.ts#Square", match: "fuzzy" });
    expect(pick(resolveIn(index, "UserServce"))).toMatchObject({ id: "s:src/services/user.ts#UserService", match: "fuzzy" });
    expect(pick(resolveIn(index, "mkSquare"))).toMatchObject({ id: "s:src/shapes/square.ts#makeSquare", match: "fuzzy" });
    expect(pick(resolveIn(index, "makeSq"))).toMatchObject({ id: "s:src/shapes/square.ts#makeSquare", match: "fuzzy" });
  });

  it("ranks among equals: exported first, then the shorter path", () => {
    expect(pick(resolveIn(index, "total"))).toEqual({
      id: "s:src/shop/pricing.py#total",
      match: "exact",
      others: ["s:src/shop/a/b/pricing.py#total"],
    });
  });

  it("a symbol in a file, or the innermost symbol at a line of it", () => {
    expect(pick(resolveIn(index, "src/shapes/square.ts:Square.area"))).toMatchObject({ id: "s:src/shapes/square.ts#Square.area", match: "exact" });
    expect(pick(resolveIn(index, "square.ts:area"))).toMatchObject({ id: "s:src/shapes/square.ts#Square.area", match: "suffix" });
    expect(pick(resolveIn(index, "src/shapes/square.ts:10"))).toMatchObject({ id: "s:src/shapes/square.ts#Square.area", match: "exact" });
    expect(pick(resolveIn(index, "src/shapes/square.ts:5"))).toMatchObject({ id: "s:src/shapes/square.ts#Square", match: "exact" });
    expect(pick(resolveIn(index, "src/render.ts:2"))).toMatchObject({ id: "f:src/render.ts", match: "exact" });
  });

  it("kinds restrict the candidates", () => {
    expect(pick(resolveIn(index, "render", { kinds: ["Test"] }))).toMatchObject({ id: "s:test/render.test.ts#render", match: "exact" });
    expect(pick(resolveIn(index, "user_service", { kinds: ["Variable"] }))).toMatchObject({ id: "s:src/services/user.ts#userService" });
  });

  it("nothing matched: the closest names, or the files of a folder", () => {
    const none = resolveIn(index, "renderAll");
    expect(none._tag).toBe("Unresolved");
    expect(pick(none)).toMatchObject({ unresolved: "unknown" });
    expect((pick(none) as { closest: string[] }).closest[0]).toBe("s:src/render.ts#render");
    expect(pick(resolveIn(index, "src/shapes"))).toEqual({
      unresolved: "directory",
      closest: ["f:src/shapes/index.ts", "f:src/shapes/square.ts"],
    });
    const typo = pick(resolveIn(index, "src/rendr.ts")) as { unresolved: string; closest: string[] };
    expect(typo.unresolved).toBe("unknown");
    expect(typo.closest[0]).toBe("f:src/render.ts");
    expect(typo.closest.every((id) => id.startsWith("f:"))).toBe(true);
    expect(pick(resolveIn(index, "src/shapes/square.ts:volume"))).toMatchObject({ unresolved: "unknown" });
  });

  it("confines the path part through the caller's check", () => {
    const confinePath = (p: string) => {
      if (p.startsWith("..")) throw new Error(`outside: ${p}`);
      return p.replace(/^\.\//, "");
    };
    expect(pick(resolveIn(index, "./src/render.ts:render", { confinePath }))).toMatchObject({ id: "s:src/render.ts#render" });
    expect(() => resolveIn(index, "../etc/passwd", { confinePath })).toThrow("outside: ../etc/passwd");
    expect(() => resolveIn(index, "../secret.ts:x", { confinePath })).toThrow("outside");
  });
});

describe("edit distance and abbreviations", () => {
  it("counts a swap as one edit and stops past the bound", () => {
    expect(boundedEditDistance("sqaure", "square", 2)).toBe(1);
    expect(boundedEditDistance("kitten", "sitting", 3)).toBe(3);
    expect(boundedEditDistance("kitten", "sitting", 1)).toBe(2);
  });
  it("charges each break in an abbreviation", () => {
    expect(abbreviationCost("makesq", "makesquare")).toBe(0.5);
    expect(abbreviationCost("mksquare", "makesquare")).toBe(2.5);
    expect(abbreviationCost("xsq", "makesquare")).toBe(Infinity);
  });
});
