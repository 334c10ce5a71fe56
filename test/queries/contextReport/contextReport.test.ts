import { describe, expect, it } from "vitest";
import { contextReport, groupSessions, renderContextReport, type ContextFacts, type EditFact, type ServedFact, type SessionStartFact } from "../../../src/queries/contextReport/index.js";

const T0 = Date.parse("2026-12-06T09:00:00.000Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const start = (sessionId: string, position: number, seconds: number, source = "hook"): SessionStartFact => ({ sessionId, client: "claude-code", source, position, at: at(seconds) });
const served = (position: number, session: string | null, files: string[], rules: string[] = [], task: string | null = `task ${position}`): ServedFact => ({
  position,
  session,
  client: "claude-code",
  tool: "get_smart_context",
  source: "mcp",
  task,
  files,
  rules,
  tokens: 100,
});
const edit = (position: number, path: string, session: string | null, source: "hook" | "watcher" = session === null ? "watcher" : "hook"): EditFact => ({ position, path, source, session });
const facts = (f: Partial<ContextFacts>): ContextFacts => ({ from: 0, to: 1_000, sessions: [], served: [], edits: [], commits: [], historyFrom: null, rules: [], ...f });

describe("groupSessions", () => {
  it("folds an MCP client's start into the hook's session begun within a minute, before or after it", () => {
    const s = groupSessions([start("h1", 10, 0), start("m1", 11, 2, "mcp"), start("m2", 20, 600, "mcp"), start("h2", 21, 630), start("m3", 30, 5_000, "mcp")]);
    expect(s.groups.map((g) => [g.id, g.also])).toEqual([
      ["h1", ["m1"]],
      ["h2", ["m2"]],
      ["m3", []],
    ]);
    expect(s.of(12, "m1")?.id).toBe("h1");
    expect(s.of(25, "m2")?.id).toBe("h2");
  });

  it("gives an event without a session to the session started last before it, and none before any", () => {
    const s = groupSessions([start("h1", 10, 0), start("h2", 20, 600), start("h1", 30, 1_200)]);
    expect(s.of(5, null)).toBeNull();
    expect(s.of(15, null)?.id).toBe("h1");
    expect(s.of(25, null)?.id).toBe("h2");
    // h1 resumed at #30: the same session as before.
    expect(s.of(35, null)?.id).toBe("h1");
    expect(s.groups).toHaveLength(2);
  });

  it("keeps a session that recorded no start as its own", () => {
    const s = groupSessions([start("h1", 10, 0)]);
    expect(s.of(15, "unrecorded")).toMatchObject({ id: "unrecorded", at: null, position: 15 });
  });
});

describe("contextReport", () => {
  it("counts a file for recall and precision when it was served before its last edit in the session", () => {
    const r = contextReport(
      facts({
        sessions: [start("h1", 10, 0)],
        served: [served(11, "h1", ["a.ts", "b.ts"]), served(15, "h1", ["c.ts"])],
        // a.ts edited after it was served; c.ts edited before it was served (and not after); d.ts never served.
        edits: [edit(12, "c.ts", "h1"), edit(13, "a.ts", null), edit(14, "d.ts", "h1")],
      }),
    );
    expect(r.sessions).toEqual([
      {
        session: "h1",
        client: "claude-code",
        at: at(0),
        also: [],
        recall: { hits: 1, of: 3 },
        precision: { hits: 1, of: 3 },
        missed: ["c.ts", "d.ts"],
        answers: 2,
        tokens: 200,
        pulled: 0,
      },
    ]);
    expect(r.overall).toEqual({ recall: { hits: 1, of: 3 }, precision: { hits: 1, of: 3 }, answers: 2, tokens: 200, sessions: 1 });
    // The answer at #15 came after the last edit: not judged.
    expect(r.unhelpedTasks).toEqual([]);
  });

  it("lists a task whose answer held no code, and one whose session edited other files after it", () => {
    const r = contextReport(
      facts({
        sessions: [start("h1", 10, 0)],
        served: [served(11, "h1", []), served(12, "h1", ["a.ts"], [], null), served(13, "h1", ["b.ts"])],
        edits: [edit(14, "b.ts", "h1")],
      }),
    );
    expect(r.unhelpedTasks).toEqual([
      { position: 11, session: "h1", tool: "get_smart_context", task: "task 11", files: 0, reason: "nothing served" },
      { position: 12, session: "h1", tool: "get_smart_context", task: null, files: 1, reason: "none edited" },
    ]);
  });

  it("leaves out the watcher's changes to files a pulled commit brought, once the log held history when the session began", () => {
    const pull = { position: 12, sha: "abc", time: (T0 - 86_400_000) / 1000, files: ["p.ts"] };
    const base = {
      sessions: [start("h1", 10, 0)],
      served: [served(11, "h1", ["a.ts"])],
      edits: [edit(13, "p.ts", null), edit(14, "a.ts", null), edit(15, "q.ts", "h1")],
      commits: [pull],
    };
    const r = contextReport(facts({ ...base, historyFrom: 5 }));
    expect(r.sessions[0]).toMatchObject({ recall: { hits: 1, of: 2 }, pulled: 1, missed: ["q.ts"] });
    // A hook's change to the same file is the agent's own.
    expect(contextReport(facts({ ...base, historyFrom: 5, edits: [...base.edits, edit(16, "p.ts", "h1")] })).sessions[0]).toMatchObject({ recall: { hits: 1, of: 3 }, pulled: 1 });
    // The history's first recording, in the session that made it, is no pull.
    expect(contextReport(facts({ ...base, historyFrom: 12 })).sessions[0]).toMatchObject({ recall: { hits: 1, of: 3 }, pulled: 0 });
  });

  it("pools sessions for the overall figures and puts events before any session first", () => {
    const r = contextReport(
      facts({
        sessions: [start("h1", 10, 0), start("h2", 20, 600)],
        served: [served(11, "h1", ["a.ts"]), served(21, "h2", ["a.ts", "b.ts"])],
        edits: [edit(5, "z.ts", null), edit(12, "a.ts", "h1"), edit(22, "b.ts", "h2")],
      }),
    );
    expect(r.sessions.map((s) => [s.session, s.recall, s.precision])).toEqual([
      ["-", { hits: 0, of: 1 }, { hits: 0, of: 0 }],
      ["h1", { hits: 1, of: 1 }, { hits: 1, of: 1 }],
      ["h2", { hits: 1, of: 1 }, { hits: 1, of: 2 }],
    ]);
    expect(r.overall).toMatchObject({ recall: { hits: 2, of: 3 }, precision: { hits: 2, of: 3 }, sessions: 2 });
  });

  it("counts each rule once per answer, marks retired ones, and lists the rules in force never served", () => {
    const r = contextReport(
      facts({
        served: [served(11, null, ["a.ts"], ["r1", "r1", "r2"]), served(12, null, ["a.ts"], ["r1"])],
        rules: [
          { id: "r1", text: "one", status: "active" },
          { id: "r2", text: "two", status: "retired" },
          { id: "r3", text: "three", status: "active" },
          { id: "r4", text: "four", status: "retired" },
        ],
      }),
    );
    expect(r.rulesServed).toEqual([
      { id: "r1", text: "one", status: "active", times: 2 },
      { id: "r2", text: "two", status: "retired", times: 1 },
    ]);
    expect(r.rulesNeverServed).toEqual([{ id: "r3", text: "three" }]);
  });
});

describe("renderContextReport", () => {
  it("says each figure with its counts, and n/a where there is nothing to measure", () => {
    const r = contextReport(
      facts({
        sessions: [start("h1", 10, 0), start("m1", 11, 1, "mcp")],
        served: [served(12, "m1", ["a.ts"], ["r1"], "fix the parser"), served(13, "h1", [])],
        edits: [edit(14, "a.ts", "h1"), edit(15, "b.ts", "h1")],
        rules: [{ id: "r1", text: "Keep parsers pure", status: "active" }, { id: "r2", text: "No globals", status: "active" }],
      }),
    );
    expect(renderContextReport(r, { label: "the start of the log", position: 0 })).toBe(
      [
        "Context served since the start of the log (#0) up to #1000: 1 session, 2 answers, 200 tokens",
        "Recall (edited files served before the edit): 1/2 (50%)",
        "Precision (served files edited after): 1/1 (100%)",
        "",
        "Sessions:",
        "  h1 (claude-code, 2026-12-06 09:00 UTC, with m1): recall 1/2 (50%), precision 1/1 (100%), 2 answers, 200 tokens",
        "    edited, not served first: b.ts",
        "",
        "Rules served:",
        '  r1 ×1 "Keep parsers pure"',
        "Rules never served:",
        '  r2 "No globals"',
        "Tasks with no useful context:",
        '  #13 h1 get_smart_context "task 13": no code served',
      ].join("\n"),
    );
    const empty = renderContextReport(contextReport(facts({})), { label: "#40", position: 40 });
    expect(empty.split("\n").slice(0, 3)).toEqual([
      "Context served since #40 up to #1000: 0 sessions, 0 answers, 0 tokens",
      "Recall (edited files served before the edit): n/a",
      "Precision (served files edited after): n/a",
    ]);
  });
});
