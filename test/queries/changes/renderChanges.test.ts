import { describe, expect, it } from "vitest";
import { countTokens } from "../../../src/shared/countTokens.js";
import { renderChanges, summarizeChanges, type Changes, type Writer } from "../../../src/queries/changes/index.js";

const by = (source: string, extra: Partial<Writer> = {}): Writer => ({ source, session: null, actor: null, pull: null, ...extra });

const changes = (over: Partial<Changes> = {}): Changes => ({
  from: { position: 7, label: "your last session sess-one of claude-code", at: "2026-12-06T06:24:00.000Z" },
  to: 20,
  files: [
    { change: "modified", path: "src/parse.ts", from: null, hash: "h2", by: by("hook", { session: "sess-one-1111" }) },
    { change: "renamed", path: "src/strings.ts", from: "src/util.ts", hash: "h3", by: by("watcher", { pull: "9ccb2cfbd0aa" }) },
    { change: "added", path: "src/shout.ts", from: null, hash: "h4", by: by("watcher") },
  ],
  symbols: [
    { change: "signature", path: "src/parse.ts", id: "parseConfig", name: "parseConfig", kind: "Function", signature: "parseConfig(text, sep)", before: "parseConfig(text)" },
    { change: "added", path: "src/shout.ts", id: "shout", name: "shout", kind: "Function", signature: "shout(s)", before: null },
  ],
  commits: [{ sha: "9ccb2cfbd0aa", subject: "Split string helpers", author: "bob", time: 1_765_000_000, files: 3 }],
  memory: [{ change: "retired", memory: "rule", id: "rule-1", text: "Use tabs", status: "retired", note: "we use spaces" }],
  ...over,
});

describe("renderChanges", () => {
  it("lists memory, commits, files with who changed them, and symbols", () => {
    expect(renderChanges(changes(), { maxTokens: 2_000, count: countTokens })).toBe(
      [
        "Changes since your last session sess-one of claude-code (#7, 2026-12-06 06:24 UTC) up to #20:",
        "3 files (1 modified, 1 renamed, 1 added); 2 symbols (1 changed signature, 1 added); 1 commit arrived; 1 memory entry (1 retired)",
        "Memory:",
        "  rule rule-1 retired (we use spaces): Use tabs",
        "Commits arrived:",
        "  9ccb2cfbd0 2025-12-06 bob: Split string helpers (3 files)",
        "Files:",
        "  modified src/parse.ts (hook session sess-one…)",
        "  renamed  src/util.ts → src/strings.ts (a pull (9ccb2cf))",
        "  added    src/shout.ts (the watcher)",
        "Symbols (+ added, - removed, ~ signature changed):",
        "  ~ src/parse.ts: parseConfig [Function] parseConfig(text) → parseConfig(text, sep)",
        "  + src/shout.ts: shout [Function] shout(s)",
      ].join("\n"),
    );
  });

  it("says so when nothing changed", () => {
    expect(renderChanges(changes({ files: [], symbols: [], commits: [], memory: [] }), { maxTokens: 2_000, count: countTokens })).toMatch(/up to #20:\nNothing: no file, symbol, commit or memory entry changed\.$/);
  });

  it("stays within its budget and says how many lines it left out", () => {
    const many = changes({
      symbols: Array.from({ length: 500 }, (_, i) => ({ change: "added" as const, path: `src/f${i}.ts`, id: `f${i}`, name: `f${i}`, kind: "Function", signature: `f${i}(a: number, b: string): void`, before: null })),
    });
    const text = renderChanges(many, { maxTokens: 300, count: countTokens });
    expect(countTokens(text)).toBeLessThanOrEqual(300);
    expect(text).toMatch(/… \d+ more symbols \(raise max_tokens or pass a later since\)$/);
    expect(text).toContain("rule rule-1 retired");
  });
});

describe("summarizeChanges", () => {
  it("is at most three lines: files by writer and commits, memory, where to see more", () => {
    expect(summarizeChanges(changes(), "2 h ago, #7")).toEqual([
      "Since your last session (2 h ago, #7): 3 files changed (1 by hook sessions, 1 by a pull, 1 by the watcher); 1 commit arrived (newest: Split string helpers).",
      "Memory: rule rule-1 retired.",
      "Details: get_changes_since (the history tool set) or `nemesis changes`.",
    ]);
  });

  it("is nothing when nothing changed", () => {
    expect(summarizeChanges(changes({ files: [], symbols: [], commits: [], memory: [] }), "x")).toEqual([]);
  });
});
