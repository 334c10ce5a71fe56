import { describe, expect, it } from "vitest";
import { appendToStreams, readFileTimeline, type LogHandle, type NewEvent } from "../../src/events/index.js";
import { lastSymbolsAt } from "../../src/events/sqlite/lastSymbolsAt.js";
import { eachTestWithTempLog } from "./support.js";

const symbol = (id: string, signature: string, startLine: number, endLine: number) => ({
  id,
  kind: "Function",
  name: id,
  qualifiedName: id,
  parent: null,
  signature,
  doc: null,
  startLine,
  startCol: 0,
  endLine,
  endCol: 1,
  exported: true,
  visibility: null,
  async: false,
  params: [],
  returns: [],
  complexity: 1,
  members: [],
});

const TEXT = "function a() {\n  return 1;\n}\nfunction b() {\n  return 2;\n}";
const changed = (hash: string, source: "hook" | "watcher"): NewEvent => ({
  type: "FileChanged",
  data: { path: "src/x.ts", contentHash: hash, size: 1, mtime: 1, language: "typescript" },
  meta: { source, session: "s-1" },
});
const parsed = (hash: string, symbols: unknown[]): NewEvent => ({
  type: "FileParsed",
  data: {
    path: "src/x.ts",
    contentHash: hash,
    language: "typescript",
    parserVersion: "t",
    packageName: null,
    lineCount: 6,
    hasErrors: false,
    symbols,
    references: [],
    imports: [],
    // One chunk packs both functions (a packed chunk has no owner).
    chunks: [{ symbol: null, kind: "Module", startLine: 1, endLine: 6, text: TEXT, tokens: 10 }],
  },
  meta: { source: "engine" },
});

describe("a file's timeline in the log", () => {
  let log: LogHandle;
  eachTestWithTempLog((l) => (log = l));

  it("reads one symbol out of each parse, with its lines cut from the chunks, and each write with who made it", () => {
    appendToStreams(log, [{ stream: "file:src/x.ts", expectedVersion: "any", events: [changed("h1", "hook"), parsed("h1", [symbol("a", "a()", 1, 3), symbol("b", "b()", 4, 6)])] }]);
    appendToStreams(log, [{ stream: "file:src/y.ts", expectedVersion: "any", events: [{ type: "FileDeleted", data: { path: "src/y.ts" }, meta: { source: "watcher" } }] }]);
    appendToStreams(log, [{ stream: "file:src/x.ts", expectedVersion: "any", events: [changed("h2", "watcher"), parsed("h2", [symbol("a", "a()", 1, 3)])] }]);

    const b = readFileTimeline(log, "src/x.ts", { symbol: "b", body: true });
    expect(b.map((m) => [m.position, m.type, m.contentHash, m.meta.source, m.symbol?.signature ?? null, m.body])).toEqual([
      [1, "FileChanged", "h1", "hook", null, null],
      [2, "FileParsed", "h1", "engine", "b()", "function b() {\n  return 2;\n}"],
      [4, "FileChanged", "h2", "watcher", null, null],
      [5, "FileParsed", "h2", "engine", null, null],
    ]);
    expect(readFileTimeline(log, "src/x.ts", { after: 2 }).map((m) => [m.position, m.symbol, m.body])).toEqual([
      [4, null, null],
      [5, null, null],
    ]);

    const names = (at: number) => Object.fromEntries([...lastSymbolsAt(log, ["file:src/x.ts", "file:src/y.ts", "file:src/z.ts"], at)].map(([s, list]) => [s, list.map((x) => `${x.id} ${x.signature}`)]));
    expect(names(2)).toEqual({ "file:src/x.ts": ["a a()", "b b()"] });
    expect(names(5)).toEqual({ "file:src/x.ts": ["a a()"], "file:src/y.ts": [] });
  });
});
