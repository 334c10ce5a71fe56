import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readStaleMemory, readSymbolHistory } from "../../../src/engine/index.js";
import { appendToStreams, closeEventLog, openEventLog, type LogHandle, type NewEvent } from "../../../src/events/index.js";
import { staleText } from "../../../src/queries/changes/index.js";
import { tempDir } from "../../helpers.js";

let cleanups: Array<() => unknown> = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

const append = (log: LogHandle, ...appends: Array<[string, NewEvent]>) => appendToStreams(log, appends.map(([stream, e]) => ({ stream, expectedVersion: "any", events: [e] })));
const saved = (path: string, hash: string, meta: NewEvent["meta"]): [string, NewEvent] => [`file:${path}`, { type: "FileChanged", data: { path, contentHash: hash, size: 1, mtime: 1, language: "typescript" }, meta }];
const deleted = (path: string, meta: NewEvent["meta"]): [string, NewEvent] => [`file:${path}`, { type: "FileDeleted", data: { path }, meta }];
const parsed = (path: string, hash: string, signature: string | null): [string, NewEvent] => [
  `file:${path}`,
  {
    type: "FileParsed",
    data: {
      path,
      contentHash: hash,
      language: "typescript",
      parserVersion: "t",
      packageName: null,
      lineCount: 3,
      hasErrors: false,
      symbols:
        signature === null
          ? []
          : [{ id: "parseConfig", kind: "Function", name: "parseConfig", qualifiedName: "parseConfig", parent: null, signature, doc: null, startLine: 1, startCol: 0, endLine: 3, endCol: 1, exported: true, visibility: null, async: false, params: [], returns: [], complexity: 1, members: [] }],
      references: [],
      imports: [],
      chunks: [],
    },
    meta: { source: "cli" },
  },
];

describe("readSymbolHistory", () => {
  it("follows the symbol's file back through a rename (a deletion and an addition of the same content), and the rule linked to its old path is stale: moved", () => {
    const t = tempDir("nemesis-symbol-history-");
    const log = openEventLog(join(t.dir, "events.db"));
    cleanups.push(t.cleanup, () => closeEventLog(log));
    append(log, saved("src/settings.ts", "h1", { source: "cli" }), parsed("src/settings.ts", "h1", "parseConfig(text)"));
    append(log, ["rule:rule-1", { type: "RuleStored", data: { id: "rule-1", content: "Parse once", scope: "*", relatedTo: ["src/settings.ts:parseConfig"] }, meta: { source: "mcp" } }]);
    append(log, saved("src/settings.ts", "h2", { source: "hook", session: "s-1" }), parsed("src/settings.ts", "h2", "parseConfig(text, sep)"));
    // A scan records a rename as the old path deleted and the new one added with its content.
    append(log, deleted("src/settings.ts", { source: "cli" }), saved("src/config.ts", "h2", { source: "cli" }));
    append(log, parsed("src/config.ts", "h2", "parseConfig(text, sep)"));
    append(log, saved("src/config.ts", "h3", { source: "watcher" }), parsed("src/config.ts", "h3", "parseConfig(text: string, sep: string)"));

    const history = readSymbolHistory(log, { path: "src/config.ts", id: "parseConfig", name: "parseConfig", qualifiedName: "parseConfig" });
    expect(history.moves.map((m) => [m.from, m.to, m.position])).toEqual([["src/settings.ts", "src/config.ts", 6]]);
    expect(history.versions.map((v) => [v.change, v.what.join(","), v.path, v.by.source, v.signature])).toEqual([
      ["added", "", "src/settings.ts", "cli", "parseConfig(text)"],
      ["changed", "signature", "src/settings.ts", "hook", "parseConfig(text, sep)"],
      ["changed", "signature", "src/config.ts", "watcher", "parseConfig(text: string, sep: string)"],
    ]);
    // Linked by its old path: listed with the symbol, and stale, its file moved away from there.
    expect(history.memory.map((m) => [m.entry.id, m.via, m.flag?.change ?? null, m.flag?.movedTo ?? null])).toEqual([["rule-1", "symbol", "deleted", "src/config.ts"]]);
    const stale = readStaleMemory(log);
    expect(stale.map((s) => [s.entry.id, s.ref, s.flag.change])).toEqual([["rule-1", "src/settings.ts:parseConfig", "deleted"]]);
    expect(staleText(stale[0]!.target, stale[0]!.flag, Date.now())).toMatch(/^refers to parseConfig \(src\/settings.ts\), whose file was moved to src\/config.ts \d+ min ago by nemesis index$/);
  });
});
