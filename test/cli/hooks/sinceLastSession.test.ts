import Database from "better-sqlite3";
import { mkdirSync, realpathSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runAnyHook } from "../../../src/cli/hooks/allHooks.js";
import { nemesisPaths } from "../../../src/config/index.js";
import { appendToStreams, closeEventLog, openEventLog, readEvents, type LogHandle, type NewEvent } from "../../../src/events/index.js";
import { tempDir } from "../../helpers.js";

let cleanups: Array<() => unknown> = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

const append = (log: LogHandle, stream: string, event: NewEvent) => appendToStreams(log, [{ stream, expectedVersion: "any", events: [event] }]);
const saved = (path: string, hash: string, meta: NewEvent["meta"]): NewEvent => ({ type: "FileChanged", data: { path, contentHash: hash, size: 1, mtime: 1, language: "typescript" }, meta });

const contextOf = (stdout: string): string => (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;

/** The session-start hook in-process, on a project whose log the test writes (no index: the brief says so, after the summary). */
describe("the session-start hook and the last session", () => {
  it("records each session's start and opens the next session's context with what changed, in at most three lines", async () => {
    const t = tempDir("nemesis-since-hook-");
    cleanups.push(t.cleanup);
    const root = realpathSync(t.dir);
    const paths = nemesisPaths(root);
    mkdirSync(paths.dir, { recursive: true });
    const log = openEventLog(paths.events);
    cleanups.push(() => closeEventLog(log));
    append(log, "file:src/a.ts", saved("src/a.ts", "h1", { source: "cli" }));
    const start = (sessionId: string) => runAnyHook("session-start", JSON.stringify({ session_id: sessionId, cwd: root, hook_event_name: "SessionStart", source: "startup" }), { root, env: {} });

    const first = contextOf(await start("one"));
    expect(first).toMatch(/^Nemesis context for /);
    // Two hours later, as far as the log can tell.
    const db = new Database(paths.events);
    db.prepare("UPDATE events SET recorded_at = ? WHERE type = 'SessionStarted'").run(new Date(Date.now() - 2 * 3_600_000).toISOString());
    db.close();

    append(log, "file:src/b.ts", saved("src/b.ts", "h2", { source: "hook", session: "one" }));
    append(log, "file:src/a.ts", saved("src/a.ts", "h3", { source: "watcher" }));
    append(log, "rule:r-1", { type: "RuleStored", data: { id: "r-1", content: "Round money half-even", scope: "*", relatedTo: [] }, meta: { source: "mcp" } });
    const sha = "9ccb2cfbd0aa11223344556677889900aabbccdd";
    append(log, `commit:${sha}`, { type: "CommitObserved", data: { sha, parents: [], time: Math.floor(Date.now() / 1000), author: "bob", subject: "Add b", body: "", files: [] }, meta: { source: "cli" } });

    const lines = contextOf(await start("two")).split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "Since your last session (2 h ago, #1): 2 files changed (1 by the watcher, 1 by hook sessions); 1 commit arrived (newest: Add b).",
      "Memory: rule r-1 recorded.",
      "Details: get_changes_since (the history tool set) or `nemesis changes`.",
      `Nemesis context for ${root.split("/").pop()} (${root}):`,
    ]);
    const sessions = readEvents(log, { types: ["SessionStarted"] }).map((e) => [e.data, e.meta.source, e.meta.session]);
    expect(sessions).toEqual([
      [{ client: "claude-code", sessionId: "one", position: 1 }, "hook", "one"],
      [{ client: "claude-code", sessionId: "two", position: 6 }, "hook", "two"],
    ]);
  });
});
