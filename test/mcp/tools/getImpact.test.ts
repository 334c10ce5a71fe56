import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getImpactTool } from "../../../src/mcp/tools/getImpact.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool, toolFailure } from "./callTool.js";

let ts: IndexedProject;
let cycles: IndexedProject;
beforeAll(async () => {
  ts = await indexedFixture("resolve/ts-basic");
  cycles = await indexedFixture("analysis/cycles");
}, 120_000);
afterAll(async () => {
  await ts?.close();
  await cycles?.close();
});

describe("get_impact", () => {
  it("a file: dependents by depth, tests, and the risk line", async () => {
    const { output, text } = await callTool(getImpactTool, { file: "src/lib/math.ts" }, ts.context());
    expect(text).toBe(
      [
        "impact of src/lib/math.ts (depth ≤ 3)",
        "risk: 4 dependents (2 direct, 2 transitive) in 3 files; public API touched: add, twice; 2 tests reach it; untested dependents: 1 (Square.size)",
        "depth 1:",
        "  src/shapes/square.ts:1 imports src/lib/math.ts",
        "  src/shapes/square.ts:14 Square.size [Method] calls add (untested)",
        "depth 2:",
        "  src/render.ts:3 imports src/shapes/square.ts",
        "  src/shapes/index.ts:2 imports src/shapes/square.ts",
        "tests:",
        "  test/render.test.ts:3 imports src/lib/math.ts (depth 1)",
        "  test/render.test.ts:8 render.renders a square [Test] calls twice (depth 1)",
      ].join("\n"),
    );
    expect(output.publicApi).toEqual(["add", "twice"]);
    expect(output.untested).toEqual(["Square.size"]);
  });

  it("a method named Class.method, with the depth cap reported", async () => {
    const { output, text } = await callTool(getImpactTool, { file: "src/shapes/square.ts", function: "Square.area", depth: 1 }, ts.context());
    expect(output.symbol).toBe("Square.area");
    expect(text).toContain("  src/render.ts:12 render [Function] calls Square.area\n");
    expect(text).toContain("  src/shapes/square.ts:14 Square.size [Method] calls Square.area (untested)");
    // render's test lies one level past depth 1: still listed, as depth 2.
    expect(text).toContain("  test/render.test.ts:7 render.renders a square [Test] calls render (depth 2)");
    const capped = await callTool(getImpactTool, { file: "src/lib/math.ts", depth: 1 }, ts.context());
    expect(capped.text.split("\n")[1]).toContain("depth cap 1: 2 more dependents one level further");
    expect(capped.output.beyondDepth).toBe(2);
  });

  it("unknown, ambiguous and misplaced arguments say what to pass instead", async () => {
    expect(await toolFailure(getImpactTool, { file: "src/shapes/square.ts", function: "area2" }, ts.context())).toBe(
      [
        'no symbol "area2" in src/shapes/square.ts. Closest symbols there:',
        "  Square.area [Method] src/shapes/square.ts:9",
        "  Square.label [Method] src/shapes/square.ts:17",
        "  makeSquare [Function] src/shapes/square.ts:22",
      ].join("\n"),
    );
    expect(await toolFailure(getImpactTool, { file: "src/handlers/click.ts", function: "handle" }, cycles.context())).toBe(
      [
        '"handle" names several symbols in src/handlers/click.ts; pass one as Class.method:',
        "  ClickHandler.handle [Method] src/handlers/click.ts:4",
        "  KeyHandler.handle [Method] src/handlers/click.ts:14",
        "  LoudKeyHandler.handle [Method] src/handlers/click.ts:20",
      ].join("\n"),
    );
    expect(await toolFailure(getImpactTool, { file: "src/shape/square.ts" }, ts.context())).toMatch(
      /^src\/shape\/square.ts is not an indexed file \(run index_project if it is new\)\. Closest indexed files:\n {2}src\/shapes\/square.ts\n/,
    );
    expect(await toolFailure(getImpactTool, { file: "src/shapes" }, ts.context())).toBe(
      "src/shapes is a folder: pass one file, e.g.\n  src/shapes/base.ts\n  src/shapes/index.ts\n  src/shapes/square.ts",
    );
    expect(await toolFailure(getImpactTool, { file: "../../etc/passwd" }, ts.context())).toMatch(/is outside the project/);
  });

  it("refuses out-of-range input before running", async () => {
    await expect(callTool(getImpactTool, { file: "src/lib/math.ts", depth: 6 }, ts.context())).rejects.toThrow("depth must be a whole number from 1 to 5 (got 6)");
    await expect(callTool(getImpactTool, { file: "" }, ts.context())).rejects.toThrow();
    await expect(callTool(getImpactTool, { file: "src/lib/math.ts", fn: "add" }, ts.context())).rejects.toThrow(/fn/);
  });
});

describe("get_impact on a function with many callers", () => {
  let hub: IndexedProject;
  beforeAll(async () => {
    hub = await indexedFixture("resolve/ts-basic");
    const callers = Array.from({ length: 30 }, (_, i) => `export function use${i}(): number {\n  return add(${i}, 1);\n}\n`);
    writeFileSync(join(hub.root, "src/callers.ts"), `import { add } from "./lib/math";\n${callers.join("")}`);
    await hub.context().index({});
  }, 90_000);
  afterAll(() => hub?.close());

  it("lists the first 25 of a depth in text, counts the rest, and lists all in JSON", async () => {
    const { output, text } = await callTool(getImpactTool, { file: "src/lib/math.ts", function: "add", depth: 1 }, hub.context());
    const direct = output.dependents.filter((d) => d.depth === 1);
    expect(direct).toHaveLength(32);
    expect(text).toContain(`risk: 32 dependents (32 direct, 0 transitive)`);
    expect(text.split("\n").filter((l) => / calls add/.test(l))).toHaveLength(25);
    expect(text).toContain("  … 7 more (json_output true lists every one)");
  });
});
