import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQueryable } from "../../../src/projections/graph/GraphReader.js";
import { ALL_FILES } from "../../../src/queries/analysis/PathScope.js";
import { findCycles, type CycleAnswer } from "../../../src/queries/graph/findCycles.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";

let project: IndexedProject;
let graph: GraphQueryable;
beforeAll(async () => {
  project = await indexedFixture("analysis/cycles");
  graph = (await project.context().graph())!;
}, 60_000);
afterAll(() => project?.close());

const paths = (answer: CycleAnswer) => answer.cycles.map((c) => c.map((s) => `${s.name}@${s.file}:${s.line}`).join(" -> "));

describe("findCycles over fixtures/analysis/cycles", () => {
  it("import cycles between files, each step at its import line", async () => {
    const answer = await findCycles(graph, "IMPORTS", ALL_FILES, 20);
    expect(answer.components).toEqual([
      ["src/loop/a.ts", "src/loop/b.ts", "src/loop/c.ts"],
      ["py/ping.py", "py/pong.py"],
      ["src/pair/left.ts", "src/pair/right.ts"],
    ]);
    expect(paths(answer)).toEqual([
      "src/loop/a.ts@src/loop/a.ts:1 -> src/loop/b.ts@src/loop/b.ts:1 -> src/loop/c.ts@src/loop/c.ts:1",
      "py/ping.py@py/ping.py:1 -> py/pong.py@py/pong.py:1",
      "src/pair/left.ts@src/pair/left.ts:1 -> src/pair/right.ts@src/pair/right.ts:1",
    ]);
    expect(answer.capped).toBe(false);
  });

  it("recursion between functions (CALLS), mutual or direct, each step at its call line", async () => {
    const answer = await findCycles(graph, "CALLS", ALL_FILES, 20);
    expect(paths(answer)).toEqual([
      "fromA@src/loop/a.ts:4 -> fromB@src/loop/b.ts:4 -> fromC@src/loop/c.ts:4",
      "ping@py/ping.py:5 -> pong@py/pong.py:5",
      "isEven@src/parity.ts:2 -> isOdd@src/parity.ts:6",
      // A function calling itself: a cycle of one, at its call line.
      "factorial@src/parity.ts:10",
    ]);
  });

  it("keeps to a scope: a folder, a glob, a single file", async () => {
    expect(paths(await findCycles(graph, "IMPORTS", { kind: "path", path: "src/pair" }, 20))).toEqual([
      "src/pair/left.ts@src/pair/left.ts:1 -> src/pair/right.ts@src/pair/right.ts:1",
    ]);
    const py = await findCycles(graph, "CALLS", { kind: "glob", pattern: "py/*.py" }, 20);
    expect(py.components).toEqual([["ping", "pong"]]);
    // A cycle must lie wholly inside the scope.
    const one = await findCycles(graph, "IMPORTS", { kind: "path", path: "src/loop/a.ts" }, 20);
    expect(one.cycles).toEqual([]);
  });

  it("lists at most `limit` cycles and says so", async () => {
    const answer = await findCycles(graph, "IMPORTS", ALL_FILES, 2);
    expect(answer.cycles).toHaveLength(2);
    expect(answer.capped).toBe(true);
    expect(answer.components).toHaveLength(3);
  });
});
