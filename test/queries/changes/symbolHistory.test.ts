import { describe, expect, it } from "vitest";
import {
  linkTarget,
  memoryInForce,
  renderSymbolHistory,
  staleLink,
  staleText,
  symbolVersions,
  type Moment,
  type SymbolHistoryAnswer,
  type SymbolShape,
} from "../../../src/queries/changes/index.js";
import { countTokens } from "../../../src/shared/countTokens.js";

const T0 = Date.parse("2026-12-01T10:00:00.000Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

const shape = (signature: string, startLine = 1, endLine = 3, kind = "Function"): SymbolShape => ({ kind, qualifiedName: "parseConfig", signature, startLine, endLine });

/** A file's stream, written as its events: `w` a write, `p` a parse (with the symbol, or null without it), `d` a deletion. */
const timeline = (...steps: Array<["w", string, Moment["meta"]] | ["p", string, SymbolShape | null, string?] | ["d", Moment["meta"]] | ["f", string]>): Moment[] =>
  steps.map((s, i) => {
    const base = { position: i + 1, recordedAt: at(i), symbol: null, body: null, contentHash: null, meta: { source: "engine" } };
    switch (s[0]) {
      case "w":
        return { ...base, type: "FileChanged", contentHash: s[1], meta: s[2] };
      case "p":
        return { ...base, type: "FileParsed", contentHash: s[1], symbol: s[2], body: s[3] ?? null };
      case "d":
        return { ...base, type: "FileDeleted", meta: s[1] };
      case "f":
        return { ...base, type: "ParseFailed", contentHash: s[1] };
    }
  });

const cli = { source: "cli" };
const hook = { source: "hook", session: "sess-7f3a91c2" };
const watcher = { source: "watcher" };

describe("symbolVersions", () => {
  it("makes a version of each change to the symbol, by the write that made it, and none for a move or a failed parse", () => {
    const moments = timeline(
      ["w", "h1", cli],
      ["p", "h1", shape("parseConfig(text)"), "body1"],
      ["w", "h2", hook],
      ["p", "h2", shape("parseConfig(text)", 5, 7), "body1"],
      ["w", "h3", hook],
      ["f", "h3"],
      ["w", "h4", watcher],
      ["p", "h4", shape("parseConfig(text, sep)", 5, 7), "body2"],
      ["w", "h5", hook],
      ["p", "h5", shape("parseConfig(text, sep)", 5, 9), "body3"],
      ["w", "h6", watcher],
      ["p", "h6", null],
      ["w", "h7", watcher],
      ["p", "h7", shape("parseConfig(text, sep)", 2, 4)],
      ["d", hook],
    );
    const versions = symbolVersions(moments, [
      // Arrives in the same index run as the first write, after it.
      { sha: "c-old", subject: "Add config", time: (T0 - 86_400_000) / 1000, arrived: 2 },
      // Made elsewhere before the first version was seen, arrived after it: the watcher's change is its pull.
      { sha: "c-pull", subject: "Take a separator", time: (T0 - 3_600_000) / 1000, arrived: 8 },
      // Made here after the version before (it may hold that edit or not): never named.
      { sha: "c-local", subject: "Drop the parser", time: (T0 + 9 * 60_000) / 1000, arrived: 12 },
    ]);
    expect(versions.map((v) => [v.change, v.what.join(","), v.position, v.startLine, v.by.source, v.by.session, v.commit === null ? null : `${v.commit.how} ${v.commit.sha}`, v.fileDeleted])).toEqual([
      // The move to lines 5–7 is no version: the first one now stands there.
      ["added", "", 2, 5, "cli", null, "checkout c-old", false],
      ["changed", "signature,body", 8, 5, "watcher", null, "pull c-pull", false],
      ["changed", "body", 10, 5, "hook", "sess-7f3a91c2", null, false],
      ["removed", "", 12, 5, "watcher", null, null, false],
      ["added", "", 14, 2, "watcher", null, null, false],
      ["removed", "", 15, 2, "hook", "sess-7f3a91c2", null, true],
    ]);
    expect(versions[1]!.at).toBe(at(6));
  });

  it("tells a symbol that grew from one moved when no bodies were read", () => {
    const versions = symbolVersions(timeline(["w", "h1", cli], ["p", "h1", shape("f()", 1, 3)], ["w", "h2", hook], ["p", "h2", shape("f()", 4, 6)], ["w", "h3", hook], ["p", "h3", shape("f()", 4, 9)]));
    expect(versions.map((v) => [v.change, v.what.join(",")])).toEqual([
      ["added", ""],
      ["changed", "lines"],
    ]);
  });
});

describe("staleLink", () => {
  const symbol = { path: "src/config.ts", symbol: "parseConfig" };
  const file = { path: "src/config.ts", symbol: null };

  it("flags a symbol removed or re-signed after the entry was recorded, from the write that did it, and nothing once it is back", () => {
    const renamed = timeline(["w", "h1", cli], ["p", "h1", shape("parseConfig(text)")], ["w", "h2", hook], ["p", "h2", null]);
    expect(staleLink(symbol, renamed, 2)).toMatchObject({ change: "removed", at: at(2), by: { source: "hook", session: "sess-7f3a91c2" }, before: "parseConfig(text)", after: null });
    // Recorded after the removal: the link did not hold then, so nothing to compare with.
    expect(staleLink(symbol, renamed, 4)).toBeNull();

    const resigned = timeline(["w", "h1", cli], ["p", "h1", shape("parseConfig(text)")], ["w", "h2", watcher], ["p", "h2", shape("parseConfig(text, sep)")], ["w", "h3", hook], ["p", "h3", shape("parseConfig(text, sep)", 1, 9)]);
    expect(staleLink(symbol, resigned, 2)).toMatchObject({ change: "signature", at: at(2), by: { source: "watcher" }, before: "parseConfig(text)", after: "parseConfig(text, sep)" });

    const restored = timeline(["w", "h1", cli], ["p", "h1", shape("parseConfig(text)")], ["w", "h2", hook], ["p", "h2", null], ["w", "h3", hook], ["p", "h3", shape("parseConfig(text)", 4, 6)]);
    expect(staleLink(symbol, restored, 2)).toBeNull();

    const deleted = timeline(["w", "h1", cli], ["p", "h1", shape("parseConfig(text)")], ["w", "h2", watcher], ["p", "h2", shape("parseConfig(text, sep)")], ["d", hook]);
    expect(staleLink(symbol, deleted, 2)).toMatchObject({ change: "deleted", at: at(4), by: { source: "hook" } });
  });

  it("flags a file written with other content or deleted since, and not one written back as it was", () => {
    const edited = timeline(["w", "h1", cli], ["w", "h2", hook], ["w", "h3", watcher]);
    expect(staleLink(file, edited, 1)).toMatchObject({ change: "changed", edits: 2, at: at(2), by: { source: "watcher" } });
    expect(staleLink(file, timeline(["w", "h1", cli], ["w", "h2", hook], ["w", "h1", hook]), 1)).toBeNull();
    expect(staleLink(file, timeline(["w", "h1", cli], ["d", watcher]), 1)).toMatchObject({ change: "deleted", at: at(1), position: 2, lastContent: "h1" });
  });

  it("says what changed, when and by whom", () => {
    const now = Date.parse(at(3 * 24 * 60));
    const removed = staleLink(symbol, timeline(["w", "h1", cli], ["p", "h1", shape("parseConfig(text)")], ["w", "h2", hook], ["p", "h2", null]), 2)!;
    expect(staleText(symbol, removed, now)).toBe("refers to parseConfig (src/config.ts), removed 3 days ago by hook session sess-7f3…");
    const edited = staleLink(file, timeline(["w", "h1", cli], ["w", "h2", watcher]), 1)!;
    expect(staleText(file, edited, now)).toBe("refers to src/config.ts, changed since (1 edit, the last 3 days ago by the watcher)");
    const moved = { ...staleLink(file, timeline(["w", "h1", cli], ["d", watcher]), 1)!, movedTo: "src/settings.ts" };
    expect(staleText(file, moved, now)).toBe("refers to src/config.ts, moved to src/settings.ts 3 days ago by the watcher");
  });
});

describe("linkTarget", () => {
  it("reads a file or path:Symbol the log holds, and leaves a topic", () => {
    const files = new Set(["src/config.ts", "a:b/c.ts"]);
    const isFile = (p: string) => files.has(p);
    expect(linkTarget("src/config.ts", isFile)).toEqual({ path: "src/config.ts", symbol: null });
    expect(linkTarget("src/config.ts:Config.parse", isFile)).toEqual({ path: "src/config.ts", symbol: "Config.parse" });
    expect(linkTarget("a:b/c.ts:run", isFile)).toEqual({ path: "a:b/c.ts", symbol: "run" });
    expect(linkTarget("error handling", isFile)).toBeNull();
    expect(linkTarget("src/gone.ts:run", isFile)).toBeNull();
  });
});

describe("memoryInForce", () => {
  it("keeps rules not retired and decisions not superseded, each as last stored", () => {
    const e = (type: string, position: number, data: Record<string, unknown>) => ({ type, position, recordedAt: at(position), data });
    const entries = memoryInForce([
      e("RuleStored", 1, { id: "rule-1", content: "Use tabs", scope: "*", relatedTo: ["src/a.ts"] }),
      e("RuleStored", 2, { id: "rule-2", content: "No globals", scope: "*", relatedTo: [] }),
      e("DecisionRecorded", 3, { id: "dec-1", title: "SQLite", reasoning: "", alternatives: [], status: "accepted" }),
      e("DecisionRecorded", 4, { id: "dec-2", title: "Kuzu", reasoning: "", alternatives: [], status: "accepted", relatedTo: ["src/g.ts:Graph"] }),
      e("RuleRetired", 5, { id: "rule-2", reason: "" }),
      e("DecisionSuperseded", 6, { id: "dec-1", supersededBy: "dec-2", reason: "" }),
      e("RuleStored", 7, { id: "rule-1", content: "Use spaces", scope: "*", relatedTo: ["src/b.ts"] }),
    ]);
    expect(entries.map((m) => [m.memory, m.id, m.text, m.relatedTo.join(","), m.position])).toEqual([
      ["rule", "rule-1", "Use spaces", "src/b.ts", 7],
      ["decision", "dec-2", "Kuzu", "src/g.ts:Graph", 4],
    ]);
  });
});

describe("renderSymbolHistory", () => {
  const version = (n: number, over: Partial<SymbolHistoryAnswer["versions"][number]> = {}): SymbolHistoryAnswer["versions"][number] => ({
    change: n === 1 ? "added" : "changed",
    what: n === 1 ? [] : ["body"],
    position: n * 10,
    at: at(n * 60),
    kind: "Function",
    signature: "parseConfig(text)",
    start_line: 4,
    end_line: 9,
    by: { source: "hook", session: `sess-${n}0000000`, actor: null, pull: null },
    commit: null,
    file_deleted: false,
    path: "src/config.ts",
    ...over,
  });
  const answer = (versions: SymbolHistoryAnswer["versions"]): SymbolHistoryAnswer => ({
    symbol: { name: "parseConfig", qualified_name: "parseConfig", kind: "Function", path: "src/config.ts", start_line: 4, end_line: 9, present: true },
    notes: [],
    versions,
    moves: [],
    memory: [{ memory: "rule", id: "rule-1", text: "Config is parsed once", ref: "src/config.ts:parseConfig", via: "symbol", stale: "refers to parseConfig (src/config.ts), whose signature changed 2 h ago by the watcher: parseConfig(text) → parseConfig(text, sep)" }],
  });

  it("shows the linked memory, then each version newest first with its signature when it changed", () => {
    const text = renderSymbolHistory(
      answer([
        version(1, { by: { source: "cli", session: null, actor: null, pull: null }, commit: { sha: "1a2b3c4d5e6f", subject: "Add config", how: "checkout" } }),
        version(2, { what: ["signature"], signature: "parseConfig(text, sep)", by: { source: "watcher", session: null, actor: null, pull: null } }),
        version(3, { signature: "parseConfig(text, sep)" }),
      ]),
      { maxTokens: 2_000, count: countTokens },
    );
    expect(text).toBe(
      [
        "History of parseConfig [Function] (src/config.ts:4–9): 3 versions, newest first",
        "Rules and decisions linked to it:",
        "  rule rule-1: Config is parsed once",
        "    stale: refers to parseConfig (src/config.ts), whose signature changed 2 h ago by the watcher: parseConfig(text) → parseConfig(text, sep)",
        "v3 2026-12-01 13:00 UTC  changed body  lines 4–9  by hook session sess-300… (#30)",
        "v2 2026-12-01 12:00 UTC  changed signature  lines 4–9  by the watcher (#20)",
        "    parseConfig(text, sep)",
        'v1 2026-12-01 11:00 UTC  first seen  lines 4–9  by nemesis index, at commit 1a2b3c4d5e "Add config" (#10)',
        "    parseConfig(text)",
      ].join("\n"),
    );
  });

  it("says when its file was renamed, and where the versions before stood", () => {
    const moved = {
      ...answer([version(1, { path: "src/settings.ts" }), version(2, { what: ["signature"], signature: "parseConfig(text, sep)" })]),
      moves: [{ from: "src/settings.ts", to: "src/config.ts", position: 15, at: at(90) }],
      memory: [],
    };
    expect(renderSymbolHistory(moved, { maxTokens: 2_000, count: countTokens }).split("\n")).toEqual([
      "History of parseConfig [Function] (src/config.ts:4–9): 2 versions, newest first",
      "Its file was renamed: src/settings.ts → src/config.ts (2026-12-01 11:30 UTC, #15)",
      "v2 2026-12-01 12:00 UTC  changed signature  lines 4–9  by hook session sess-200… (#20)",
      "    parseConfig(text, sep)",
      "v1 2026-12-01 11:00 UTC  first seen  lines 4–9 of src/settings.ts  by hook session sess-100… (#10)",
      "    parseConfig(text)",
    ]);
  });

  it("keeps within the budget and says how many older versions it left out", () => {
    const many = Array.from({ length: 200 }, (_, i) => version(i + 1));
    const text = renderSymbolHistory(answer(many), { maxTokens: 300, count: countTokens });
    expect(countTokens(text)).toBeLessThanOrEqual(300);
    expect(text).toMatch(/\nv200 /);
    expect(text).toMatch(/\n… \d+ older versions not shown \(raise max_tokens\)$/);
  });
});
