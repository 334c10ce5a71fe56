import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCyclesTool } from "../../../src/mcp/tools/findCycles.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool, toolFailure } from "./callTool.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("analysis/cycles");
}, 60_000);
afterAll(() => project?.close());

describe("find_cycles", () => {
  it("import cycles as closed paths of file:line", async () => {
    const { output, text } = await callTool(findCyclesTool, {}, project.context());
    expect(text).toBe(
      [
        "3 import cycle groups holding 7 of 12 files (scope: whole project); file:line of each import, the last step returns to the first:",
        "src/loop/a.ts:1 → src/loop/b.ts:1 → src/loop/c.ts:1 → src/loop/a.ts",
        "py/ping.py:1 → py/pong.py:1 → py/ping.py",
        "src/pair/left.ts:1 → src/pair/right.ts:1 → src/pair/left.ts",
      ].join("\n"),
    );
    expect(output.capped).toBe(false);
  });

  it("recursion between functions, a function calling itself included", async () => {
    const { text } = await callTool(findCyclesTool, { edge_type: "CALLS", scope: "src" }, project.context());
    expect(text).toBe(
      [
        "3 recursive groups holding 6 of 15 functions (scope: src); each call's file:line, the last step returns to the first:",
        "fromA (src/loop/a.ts:4) → fromB (src/loop/b.ts:4) → fromC (src/loop/c.ts:4) → fromA",
        "isEven (src/parity.ts:2) → isOdd (src/parity.ts:6) → isEven",
        "factorial (src/parity.ts:10) → factorial",
      ].join("\n"),
    );
  });

  it("a glob scope and a cap", async () => {
    const { output, text } = await callTool(findCyclesTool, { scope: "src/**/*.ts", limit: 1 }, project.context());
    expect(output.components).toEqual([
      ["src/loop/a.ts", "src/loop/b.ts", "src/loop/c.ts"],
      ["src/pair/left.ts", "src/pair/right.ts"],
    ]);
    expect(text.split("\n").slice(1)).toEqual([
      "src/loop/a.ts:1 → src/loop/b.ts:1 → src/loop/c.ts:1 → src/loop/a.ts",
      "more cycles exist: first 1 listed (raise limit or narrow scope)",
    ]);
    expect((await callTool(findCyclesTool, { scope: "src/handlers" }, project.context())).text).toBe(
      "no import cycles among 2 files (1 IMPORTS edges; scope: src/handlers)",
    );
  });

  it("refuses scopes outside the project", async () => {
    expect(await toolFailure(findCyclesTool, { scope: "../*" }, project.context())).toMatch(/outside the project/);
    expect(await toolFailure(findCyclesTool, { scope: "src/**/../../../*" }, project.context())).toMatch(/may not climb out/);
  });
});
