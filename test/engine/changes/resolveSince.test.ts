import Database from "better-sqlite3";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { recordSessionStart } from "../../../src/commands/index.js";
import { previousSession, readSessions, resolveSince, SAME_SESSION_MS, type SessionRecord } from "../../../src/engine/index.js";
import { appendToStreams, closeEventLog, headPosition, openEventLog, type LogHandle } from "../../../src/events/index.js";
import { tempDir } from "../../helpers.js";

let cleanups: Array<() => unknown> = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

const openLog = (): LogHandle => {
  const t = tempDir("nemesis-since-");
  const log = openEventLog(join(t.dir, "events.db"));
  cleanups.push(t.cleanup, () => closeEventLog(log));
  return log;
};

const save = (log: LogHandle, path: string, hash: string) =>
  appendToStreams(log, [{ stream: `file:${path}`, expectedVersion: "any", events: [{ type: "FileChanged", data: { path, contentHash: hash, size: 1, mtime: 1, language: "typescript" }, meta: { source: "watcher" } }] }]);

const session = (client: string, sessionId: string, at: string, recordedAt: number): SessionRecord => ({ client, sessionId, position: recordedAt - 1, recordedAt, at, meta: { source: "hook" } });

describe("previousSession", () => {
  const sessions = [
    session("claude-code", "a", "2026-12-05T09:00:00.000Z", 10),
    session("cursor", "b", "2026-12-05T10:00:00.000Z", 20),
    session("claude-code", "c", "2026-12-06T09:00:00.000Z", 30),
    // The same Claude Code session seen by its MCP server a few seconds after its hook.
    session("claude-code", "c-mcp", "2026-12-06T09:00:05.000Z", 31),
  ];

  it("is the client's own session before the current one, skipping starts within a minute of it", () => {
    expect(previousSession(sessions, { client: "claude-code", sessionId: "c-mcp" })?.sessionId).toBe("a");
    expect(previousSession(sessions, { client: "claude-code", sessionId: "c" })?.sessionId).toBe("a");
    expect(previousSession(sessions, { client: "cursor", sessionId: "d" })?.sessionId).toBe("b");
    expect(SAME_SESSION_MS).toBe(60_000);
  });

  it("is none for a client's first session, and the newest of anyone's for the CLI", () => {
    expect(previousSession(sessions, { client: "zed", sessionId: "z" })).toBeNull();
    expect(previousSession(sessions, null)?.sessionId).toBe("c-mcp");
    expect(previousSession([], null)).toBeNull();
  });
});

describe("resolveSince", () => {
  it("defaults to the caller's previous session, from the head it recorded", () => {
    const log = openLog();
    save(log, "a.ts", "h1");
    recordSessionStart(log, { client: "claude-code", sessionId: "first", meta: { source: "hook" } });
    save(log, "a.ts", "h2");
    // A minute and more apart, as two real sessions are.
    const db = new Database(log.path);
    db.prepare("UPDATE events SET recorded_at = '2026-12-01T10:00:00.000Z' WHERE type = 'SessionStarted'").run();
    db.close();
    recordSessionStart(log, { client: "claude-code", sessionId: "second", meta: { source: "hook" } });
    expect(readSessions(log).map((s) => [s.sessionId, s.position])).toEqual([
      ["first", 1],
      ["second", 3],
    ]);
    const resolved = resolveSince(log, undefined, { client: "claude-code", sessionId: "second" });
    expect(resolved).toMatchObject({ ok: true, from: { position: 1, label: "your last session first of claude-code" }, to: headPosition(log) });
  });

  it("finds a session by id or prefix, a commit by sha prefix, a position and a time", () => {
    const log = openLog();
    save(log, "a.ts", "h1");
    recordSessionStart(log, { client: "cursor", sessionId: "5f2c1e0a-9b", meta: { source: "mcp" } });
    const sha = "9ccb2cfbd0aa11223344556677889900aabbccdd";
    appendToStreams(log, [{ stream: `commit:${sha}`, expectedVersion: "no_stream", events: [{ type: "CommitObserved", data: { sha, parents: [], time: 1, author: "bob", subject: "s", body: "", files: [] }, meta: { source: "cli" } }] }]);
    expect(resolveSince(log, "session:5f2c1e0a-9b", null)).toMatchObject({ ok: true, from: { position: 1 } });
    expect(resolveSince(log, "5f2c1e", null)).toMatchObject({ ok: true, from: { position: 1 } });
    expect(resolveSince(log, "9ccb2cf", null)).toMatchObject({ ok: true, from: { position: 3, label: "commit 9ccb2cfbd0 (recorded then)" } });
    expect(resolveSince(log, "#2", null)).toMatchObject({ ok: true, from: { position: 2 }, to: 3 });
    expect(resolveSince(log, "1h", null)).toMatchObject({ ok: true, from: { position: 0 } });
    expect(resolveSince(log, new Date(Date.now() + 1000).toISOString(), null, new Date(Date.now() + 2 * 86_400_000))).toMatchObject({ ok: true, from: { position: 3 } });
  });

  it.each([
    ["an unknown session", "session:nope", /"nope" is not a session id the log holds: pass a session id .*`nemesis log --type SessionStarted` lists the sessions/],
    ["an unknown name", "nonsense", /"nonsense" is not a session id or commit the log holds: pass/],
    ["a time that does not parse", "yesterday-ish", /is not a session id or commit the log holds: pass .* or a time \(2h, 3d/],
    ["a duration in unknown units", "3 fortnights", /not a duration Nemesis reads: use m, h, d or w/],
    ["a position past the head", "#99", /Position #99 is past the log's head #1: pass a position from 0 to 1/],
    ["a time in the future", "2999-01-01", /is in the future: pass a time before now/],
  ])("refuses %s with what to pass instead", (_what, since, message) => {
    const log = openLog();
    save(log, "a.ts", "h1");
    const resolved = resolveSince(log, since, null);
    expect(resolved.ok).toBe(false);
    if (!resolved.ok) expect(resolved.message).toMatch(message);
  });

  it("says how sessions get recorded when there is no previous one", () => {
    const log = openLog();
    const resolved = resolveSince(log, undefined, { client: "claude-code", sessionId: "only" });
    expect(resolved).toMatchObject({ ok: false });
    if (!resolved.ok) expect(resolved.message).toMatch(/No earlier session of claude-code is recorded in the log: pass since as .*session-start hook \(nemesis hook install\)/);
  });

  it("calls a prefix that names two points ambiguous and lists them", () => {
    const log = openLog();
    recordSessionStart(log, { client: "x", sessionId: "abcdef-1", meta: { source: "mcp" } });
    recordSessionStart(log, { client: "x", sessionId: "abcdef-2", meta: { source: "mcp" } });
    const resolved = resolveSince(log, "abcdef", null);
    expect(resolved.ok).toBe(false);
    if (!resolved.ok) expect(resolved.message).toMatch(/"abcdef" names more than one point in the log \(session:abcdef-1, session:abcdef-2\)/);
  });
});
