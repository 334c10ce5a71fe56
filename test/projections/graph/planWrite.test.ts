import { describe, expect, it } from "vitest";
import type { FileParsed, RecordedEvent } from "../../../src/events/index.js";
import type { FinalState } from "../../../src/projections/graph/foldEvents.js";
import { GraphIndex } from "../../../src/projections/graph/GraphIndex.js";
import type { GraphWriteFirst, GraphWriteRest } from "../../../src/projections/graph/GraphWrite.js";
import type { GraphEdge } from "../../../src/projections/graph/model.js";
import { IN_PLACE_MAX_FILES, planWrite, type GraphApplyStats } from "../../../src/projections/graph/planWrite.js";
import { toFileParsed, type FileModel, type FnModel } from "./fixtureRepo.js";
import { SimpleResolver } from "./simpleResolver.js";

const fn = (name: string, calls: ReadonlyArray<string> = []): FnModel => ({ name, calls, returns: [], doc: null });
const file = (m: Partial<FileModel>): FileModel => ({ functions: [], classes: [], imports: [], moduleCalls: [], ...m });

type Change = FileModel | "deleted" | "failed";

interface Planned {
  readonly first: GraphWriteFirst;
  readonly rest: GraphWriteRest;
  readonly stats: GraphApplyStats;
  readonly written: ReadonlySet<string>;
  readonly changed: ReadonlySet<string>;
  /** The files the planner asked the resolver to prepare, in order. */
  readonly prepared: ReadonlyArray<string>;
}

const text = (e: GraphEdge): string => `${e.kind} ${e.from} -> ${e.to} @${e.line}`;
const texts = (edges: ReadonlyArray<GraphEdge>): string[] => edges.map(text).sort();

/**
 * A graph as the projector keeps it between batches, without a store: the resolver and the key
 * index. Each batch is folded as `foldEvents` folds events (the resolver's parse before the batch
 * is what the store holds), planned, and both halves of the plan run, which brings the index to
 * what the store would hold after the write.
 */
class Planner {
  readonly index = new GraphIndex();
  readonly resolver = new SimpleResolver();
  private hashes = 0;

  apply(changes: ReadonlyArray<readonly [string, Change]>, options: { readonly notAffected?: ReadonlyArray<string> } = {}): Planned {
    const final = new Map<string, FinalState>();
    const affected = new Set<string>();
    const stored = new Map<string, FileParsed | undefined>();
    for (const [path, change] of changes) {
      if (!stored.has(path)) stored.set(path, this.resolver.parsed(path));
      if (change === "deleted" || change === "failed") {
        final.set(path, change === "deleted" ? { kind: "deleted" } : { kind: "failed", contentHash: `bad-${++this.hashes}` });
        for (const p of this.resolver.remove(path)) affected.add(p);
      } else {
        const parsed = toFileParsed(path, change, `h-${++this.hashes}`);
        const event = { position: this.hashes, type: "FileParsed", stream: `file:${path}`, data: parsed } as unknown as RecordedEvent;
        final.set(path, { kind: "parsed", file: parsed, event });
        for (const p of this.resolver.upsert(parsed)) affected.add(p);
      }
    }
    for (const [path, state] of final) if (state.kind === "parsed") affected.add(path);
    // A resolver whose dependencies are coarser or finer than the exact ones leaves some out.
    for (const p of options.notAffected ?? []) affected.delete(p);
    const prepared: string[] = [];
    const plan = planWrite(
      this.index,
      { final, affected, stored },
      { prepare: (paths) => prepared.push(...paths), resolve: (path) => this.resolver.resolve(path) },
    );
    const { write, stats } = plan.rest();
    return { first: plan.first, rest: write, stats, written: plan.written, changed: plan.changed, prepared };
  }
}

describe("planWrite", () => {
  it("writes a first batch whole: every node, structural and resolved edge, external and unresolved list", () => {
    const g = new Planner();
    const p = g.apply([
      ["src/a.ts", file({ functions: [fn("main", ["load", "missing"])], imports: [{ specifier: "./b", names: ["load"] }, { specifier: "react", names: [] }] })],
      ["src/b.ts", file({ functions: [fn("load")] })],
    ]);
    expect(p.first.deleteFiles).toEqual([]);
    expect(p.first.deleteNodes).toEqual([]);
    expect(p.first.updateFiles).toEqual([]);
    expect(p.first.updateSymbols).toEqual([]);
    expect(p.first.symbols.map((s) => s.id)).toEqual(["s:src/a.ts#main", "s:src/b.ts#load"]);
    expect(p.rest.files.map((f) => [f.id, f.status, f.unresolvedCount])).toEqual([
      ["f:src/a.ts", "parsed", 1],
      ["f:src/b.ts", "parsed", 0],
    ]);
    expect(texts(p.rest.edges)).toEqual([
      "CALLS s:src/a.ts#main -> s:src/b.ts#load @2",
      "CONTAINS f:src/a.ts -> s:src/a.ts#main @0",
      "CONTAINS f:src/b.ts -> s:src/b.ts#load @0",
      "IMPORTS f:src/a.ts -> f:src/b.ts @1",
      "IMPORTS f:src/a.ts -> x:react @2",
    ]);
    expect(p.rest.externals).toEqual([{ id: "x:react", name: "react" }]);
    expect(p.rest.deleteEdges).toEqual([]);
    expect(p.rest.moveEdges).toEqual([]);
    expect(p.rest.setUnresolved).toEqual([]);
    expect([...p.written].sort()).toEqual(["src/a.ts", "src/b.ts"]);
    expect(p.prepared).toEqual(["src/a.ts", "src/b.ts"]);
    expect(p.stats).toEqual({ files: 2, reresolved: 2, edges: 5, dropped: 0 });
    // The index now mirrors the store as written.
    expect(g.index.paths.get("src/a.ts")?.symbols).toEqual(["s:src/a.ts#main"]);
    expect(texts(g.index.paths.get("src/a.ts")?.edges ?? [])).toEqual([
      "CALLS s:src/a.ts#main -> s:src/b.ts#load @2",
      "IMPORTS f:src/a.ts -> f:src/b.ts @1",
      "IMPORTS f:src/a.ts -> x:react @2",
    ]);
    expect(g.index.storedExternals).toEqual(new Set(["x:react"]));
  });

  it("updates a file parsed again in a small batch in place: surviving symbols keep their node, a moved call is one line update", () => {
    const g = new Planner();
    g.apply([
      ["src/a.ts", file({ functions: [fn("main", ["load"]), fn("extra")], imports: [{ specifier: "./b", names: ["load"] }] })],
      ["src/b.ts", file({ functions: [fn("load")] })],
    ]);
    // `intro` comes first, so `main` and its call move down; `extra` goes.
    const p = g.apply([["src/a.ts", file({ functions: [fn("intro"), fn("main", ["load"])], imports: [{ specifier: "./b", names: ["load"] }] })]]);
    expect(p.first.deleteFiles).toEqual([]);
    expect(p.first.deleteNodes).toEqual(["s:src/a.ts#extra"]);
    expect(p.first.updateFiles.map((f) => [f.id, f.hash])).toEqual([["f:src/a.ts", "h-3"]]);
    expect(p.first.updateFiles[0]).not.toHaveProperty("unresolved");
    expect(p.first.updateSymbols.map((u) => [u.row.id, [...u.columns].sort()])).toEqual([
      ["s:src/a.ts#main", ["endLine", "startLine"]],
    ]);
    expect(p.first.symbols.map((s) => s.id)).toEqual(["s:src/a.ts#intro"]);
    expect(p.rest.files).toEqual([]);
    // The CONTAINS edge of `extra` went with its node; the call from `main` moved from line 2 to 4.
    expect(texts(p.rest.edges)).toEqual(["CONTAINS f:src/a.ts -> s:src/a.ts#intro @0"]);
    expect(p.rest.deleteEdges).toEqual([]);
    expect(p.rest.moveEdges).toEqual([{ edge: { kind: "CALLS", from: "s:src/a.ts#main", to: "s:src/b.ts#load", line: 2 }, line: 4 }]);
    expect(p.rest.setUnresolved).toEqual([]);
    expect([...p.written]).toEqual(["src/a.ts"]);
    expect(g.index.paths.get("src/a.ts")?.symbols).toEqual(["s:src/a.ts#intro", "s:src/a.ts#main"]);
  });

  it("writes only the File row of a file parsed again unchanged", () => {
    const g = new Planner();
    const a = file({ functions: [fn("main", ["load"])], imports: [{ specifier: "./b", names: ["load"] }] });
    g.apply([
      ["src/a.ts", a],
      ["src/b.ts", file({ functions: [fn("load")] })],
    ]);
    const p = g.apply([["src/a.ts", a]]);
    expect(p.first).toEqual({
      deleteFiles: [],
      deleteNodes: [],
      updateFiles: [expect.objectContaining({ id: "f:src/a.ts", hash: "h-3" })],
      updateSymbols: [],
      symbols: [],
    });
    expect(p.rest).toEqual({ deleteEdges: [], moveEdges: [], deleteExternals: [], setUnresolved: [], files: [], externals: [], edges: [] });
    expect([...p.written]).toEqual(["src/a.ts"]);
  });

  it(`replaces every file of a batch of more than ${IN_PLACE_MAX_FILES} files, and puts back edges into them from files not resolved again`, () => {
    const g = new Planner();
    const libs = Array.from({ length: IN_PLACE_MAX_FILES + 1 }, (_, i) => [`lib/f${i}.ts`, file({ functions: [fn(`f${i}`)] })] as const);
    g.apply([...libs, ["src/user.ts", file({ functions: [fn("main", ["f0", "f1"])] })]]);
    const p = g.apply(libs, { notAffected: ["src/user.ts"] });
    expect(p.first.deleteFiles).toEqual(libs.map(([path], i) => ({ path, symbols: [`s:${path}#f${i}`] })));
    expect(p.first.deleteNodes).toEqual([]);
    expect(p.first.updateFiles).toEqual([]);
    expect(p.first.symbols).toHaveLength(libs.length);
    expect(p.rest.files).toHaveLength(libs.length);
    const calls = p.rest.edges.filter((e) => e.kind === "CALLS");
    expect(texts(calls)).toEqual(["CALLS s:src/user.ts#main -> s:lib/f0.ts#f0 @2", "CALLS s:src/user.ts#main -> s:lib/f1.ts#f1 @3"]);
    expect(p.written.has("src/user.ts")).toBe(false);
    expect(p.stats).toMatchObject({ files: libs.length, reresolved: libs.length, dropped: 0 });
  });

  it("drops a kept edge whose target is gone, and counts its file as written", () => {
    const g = new Planner();
    g.apply([
      ["lib/f.ts", file({ functions: [fn("f"), fn("g")] })],
      ["src/user.ts", file({ functions: [fn("main", ["f", "g"])] })],
    ]);
    // `g` goes; a resolver that does not name user.ts as affected leaves its call to `g` kept.
    const p = g.apply([["lib/f.ts", file({ functions: [fn("f")] })]], { notAffected: ["src/user.ts"] });
    expect(p.first.deleteNodes).toEqual(["s:lib/f.ts#g"]);
    expect(p.rest.edges).toEqual([]);
    expect(p.stats.dropped).toBe(1);
    expect([...p.written].sort()).toEqual(["lib/f.ts", "src/user.ts"]);
    expect([...p.changed].sort()).toEqual(["lib/f.ts", "src/user.ts"]);
    expect(texts(g.index.paths.get("src/user.ts")?.edges ?? [])).toEqual(["CALLS s:src/user.ts#main -> s:lib/f.ts#f @2"]);
  });

  it("deletes a file's nodes, re-resolves its dependants and deletes an external nobody imports any more", () => {
    const g = new Planner();
    g.apply([
      ["src/a.ts", file({ functions: [fn("main", ["load"])], imports: [{ specifier: "./b", names: ["load"] }] })],
      ["src/b.ts", file({ functions: [fn("load")], imports: [{ specifier: "react", names: [] }] })],
    ]);
    const p = g.apply([["src/b.ts", "deleted"]]);
    expect(p.first.deleteFiles).toEqual([{ path: "src/b.ts", symbols: ["s:src/b.ts#load"] }]);
    expect(p.rest.files).toEqual([]);
    expect(p.rest.deleteExternals).toEqual(["x:react"]);
    // a.ts keeps its node; its edges into b went with b's nodes, and its call and import are now unresolved.
    expect(p.rest.deleteEdges).toEqual([]);
    expect(p.rest.setUnresolved.map((u) => [u.id, u.unresolvedCount])).toEqual([["f:src/a.ts", 2]]);
    expect(p.prepared).toEqual(["src/a.ts"]);
    expect([...p.changed].sort()).toEqual(["src/a.ts", "src/b.ts"]);
    expect(g.index.paths.has("src/b.ts")).toBe(false);
    expect(g.index.storedExternals.size).toBe(0);
  });

  it("keeps a File node with status failed and no symbols for a file that failed to parse", () => {
    const g = new Planner();
    g.apply([["src/a.ts", file({ functions: [fn("main")] })]]);
    const p = g.apply([["src/a.ts", "failed"]]);
    expect(p.first.deleteFiles).toEqual([{ path: "src/a.ts", symbols: ["s:src/a.ts#main"] }]);
    expect(p.first.symbols).toEqual([]);
    expect(p.rest.files).toEqual([
      { id: "f:src/a.ts", path: "src/a.ts", language: null, lines: null, hash: "bad-2", status: "failed", unresolved: "[]", unresolvedCount: 0 },
    ]);
    expect(p.rest.edges).toEqual([]);
    expect(p.prepared).toEqual([]);
    expect(g.index.paths.get("src/a.ts")).toMatchObject({ status: "failed", symbols: [] });
  });
});
