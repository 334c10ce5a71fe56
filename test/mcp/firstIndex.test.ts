import { mkdirSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noChunksMessage } from "../../src/cli/subcommands/ensureChunksCurrent.js";
import { nemesisPaths } from "../../src/config/index.js";
import { tempDir } from "../helpers.js";
import { indexStateLine, indexStateOf, notIndexedMessage, progressText, unseenAdvice } from "../../src/engine/queries/indexState.js";
import { ALL_TOOLS, callTool, type ToolAnswer } from "../../src/mcp/registry.js";
import { unindexedFixture, type IndexedProject } from "./harness.js";

const textOf = (a: ToolAnswer) => a.content.map((c) => c.text).join("\n");

describe("the engine's index state, as every tool words it", () => {
  it("a running index comes first, then changes not projected yet, then whether anything was ever indexed", () => {
    const parsing = { stage: "parse", done: 120, total: 900 } as const;
    expect(indexStateOf({ running: { progress: parsing }, behindUpTo: 7, everIndexed: false })).toEqual({ kind: "indexing", progress: parsing });
    expect(indexStateOf({ running: null, behindUpTo: 7, everIndexed: true })).toEqual({ kind: "behind", upTo: 7 });
    expect(indexStateOf({ running: null, behindUpTo: 0, everIndexed: false })).toEqual({ kind: "never" });
    expect(indexStateOf({ running: null, behindUpTo: 0, everIndexed: true })).toEqual({ kind: "current" });
  });

  it("says how far an index got, and asks for index_project only when none runs", () => {
    expect(progressText(null)).toBe("starting");
    expect(progressText({ stage: "scan", done: 3, total: 1_200 })).toBe("scanned 3 of 1,200 files");
    expect(progressText({ stage: "parse", done: 120, total: 900 })).toBe("parsed 120 of 900 files");
    expect(progressText({ stage: "project", name: "graph", position: 40, head: 90 })).toBe("parsed every file; the graph read model is at event #40 of #90");
    const indexing = { kind: "indexing", progress: { stage: "parse", done: 120, total: 900 } } as const;
    expect(indexStateLine(indexing)).toBe("index catching up: an index is under way (parsed 120 of 900 files); answers cover what is indexed so far");
    expect(indexStateLine({ kind: "current" })).toBeNull();
    for (const state of [indexing, { kind: "behind", upTo: 9 } as const, { kind: "current" } as const]) {
      expect(notIndexedMessage(state)).not.toContain("index_project");
      expect(indexStateLine(state) ?? "").not.toContain("index_project");
    }
    expect(unseenAdvice(indexing, "run index_project if it is new")).not.toContain("index_project");
    expect(unseenAdvice({ kind: "current" }, "run index_project if it is new")).toBe("run index_project if it is new");
    expect(notIndexedMessage({ kind: "never" })).toBe("nothing is indexed yet: run index_project first");
  });
});

describe("tools while the first index runs", () => {
  let project: IndexedProject;
  beforeAll(async () => {
    project = await unindexedFixture("resolve/ts-basic");
  }, 120_000);
  afterAll(() => project.close());

  const call = (name: string, args: Record<string, unknown>, ctx = project.context()) => callTool(ALL_TOOLS, name, args, ctx);

  it("before any index, a search asks for one", async () => {
    const answer = await call("get_code_semantics", { query: "format text" });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toBe("nothing is indexed yet: run index_project first");
  });

  it("meanwhile, every tool answers from what is indexed so far with the progress line, and none asks for another index", async () => {
    const indexing = project.context().index({});
    const asks: Array<[string, Record<string, unknown>]> = [
      ["get_code_semantics", { query: "format text" }],
      ["get_smart_context", { task: "trim the text in format", max_tokens: 1_000 }],
      ["search_regex", { pattern: "format" }],
      ["search_nodes", { query: "format" }],
      ["index_status", {}],
    ];
    const answers = await Promise.all(
      asks.map(([name, args]) => {
        const ctx = project.context();
        // The call's line is read as it starts (once per call), while the index has only begun.
        void ctx.freshness();
        return call(name, args, ctx);
      }),
    );
    await indexing;
    for (const [i, answer] of answers.entries()) {
      const text = textOf(answer);
      expect({ tool: asks[i]![0], isError: answer.isError ?? false }).toEqual({ tool: asks[i]![0], isError: false });
      expect(text).toMatch(/\(index catching up: an index is under way \([^)]*\); answers cover what is indexed so far\)$/);
      expect(text).not.toContain("index_project");
    }
    expect(textOf(answers[4]!)).toMatch(/^last indexed: never \(an index is under way \(/m);

    // Once it is over, the same search finds the code and the line is gone.
    const after = textOf(await call("get_code_semantics", { query: "format text" }));
    expect(after).toContain("src/render.ts");
    expect(after).not.toContain("index catching up");
  }, 60_000);
});

describe("nemesis search and grep with no search index", () => {
  it("ask for `nemesis index` only when no running engine is indexing the project", () => {
    const t = tempDir();
    try {
      const paths = nemesisPaths(t.dir);
      mkdirSync(paths.dir);
      expect(noChunksMessage(paths)).toBe("nothing is indexed yet: run `nemesis index` first");
      writeFileSync(paths.lock, JSON.stringify({ pid: process.pid, host: "here", startedAt: new Date().toISOString() }));
      const busy = noChunksMessage(paths);
      expect(busy).toContain(`the running Nemesis engine (pid ${process.pid}) is indexing the project`);
      expect(busy).not.toContain("nemesis index");
    } finally {
      t.cleanup();
    }
  });
});
