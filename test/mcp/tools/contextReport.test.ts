import { appendFileSync } from "node:fs";
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logContextServed, recordCommits, recordSessionStart, retireRule, storeRule, type Command, type TaggedError } from "../../../src/commands/index.js";
import { HOOK_CONFIG_DEFAULTS } from "../../../src/config/hookConfig.js";
import type { EventMeta } from "../../../src/events/index.js";
import { runCommand } from "../../commands/harness.js";
import { ALL_TOOLS, callTool } from "../../../src/mcp/registry.js";
import { recordHookedFile } from "../../../src/sources/hooks/recordHookedFile.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { toolContext } from "../../../src/mcp/ToolContext.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
}, 120_000);
afterAll(() => project?.close());

const DAY_S = 86_400;

describe("context_report on a scripted session history", () => {
  it("answers the figures worked out by hand", async () => {
    const log = project.models.engine.ctx.log;
    const root = realpathSync(project.root);
    const run = <A, E extends TaggedError>(command: Command<A, E>): A => runCommand(log, command);
    const rule = (content: string) => run(storeRule({ content, meta: { source: "cli" } })).id;
    /** A save by the agent's Edit tool (the file-changed hook) or by anyone (the watcher): the file's bytes change, then it is recorded. */
    const save = async (path: string, meta: EventMeta) => {
      appendFileSync(join(root, path), `\n// ${meta.source} ${meta.session ?? ""}\n`);
      const r = await recordHookedFile(log, { root, filePath: path, config: HOOK_CONFIG_DEFAULTS, meta });
      expect(r.kind).toBe("recorded");
    };
    const hookContext = (session: string, task: string, files: string[], rules: string[]) =>
      logContextServed(log, {
        served: { session, client: "nemesis-hook", tool: "get_smart_context", task, files, symbols: [], rules, tokens: 900 },
        keepTask: true,
        meta: { source: "hook", session },
      });

    const commit = (sha: string, daysAgo: number, subject: string, path: string) => ({
      sha: sha.repeat(40),
      parents: [],
      time: Math.floor(Date.now() / 1000) - daysAgo * DAY_S,
      author: "someone else",
      subject,
      body: "",
      files: [{ path, status: "M" as const, added: 1, deleted: 0 }],
    });
    // The history as \`nemesis index\` records it in a git repository, before any session.
    recordCommits(log, [commit("e", 30, "first", "src/render.ts")], { meta: { source: "cli" } });
    const slug = rule("Ids are made with slugify");
    const immutable = rule("Shapes are immutable");
    const tests = rule("Tests sit in test/, one file per module");

    // Session 1: Claude Code's session-start hook, then its MCP client's initialize (one agent session).
    recordSessionStart(log, { client: "claude-code", sessionId: "s1", meta: { source: "hook" } });
    recordSessionStart(log, { client: "claude-code", sessionId: "m1", meta: { source: "mcp" } });
    // A tool call that served context: get_code_semantics, one match.
    const search = await callTool(ALL_TOOLS, "get_code_semantics", { query: "slugify", limit: 1 }, toolContext(project.models, { name: "claude-code", source: "mcp", session: "m1" }));
    expect(search.content[0]!.text).toMatch(/^packages\/util\/src\/index\.ts:/);
    // The prompt hook's context: two files, two rules.
    hookContext("s1", "make squares immutable", ["src/shapes/square.ts", "src/render.ts"], [immutable, slug]);
    await save("packages/util/src/index.ts", { source: "hook", session: "s1" }); // served by the search: a hit
    await save("src/lib/math.ts", { source: "hook", session: "s1" }); // never served: a miss
    await save("src/shapes/square.ts", { source: "watcher" }); // served by the hook: a hit, by the watcher in session 1
    run(retireRule({ id: immutable, reason: "shapes are mutable now", meta: { source: "cli" } }));

    // Session 2: a pull brings a commit made a day before; the watcher records its file.
    recordSessionStart(log, { client: "claude-code", sessionId: "s2", meta: { source: "hook" } });
    recordCommits(log, [commit("f", 1, "render titles", "src/render.ts")], { meta: { source: "watcher" } });
    await save("src/render.ts", { source: "watcher" }); // the pull's: left out
    hookContext("s2", "fix rounding in the totals", ["src/lib/math.ts"], []);
    hookContext("s2", "what is this project about", [], []);
    await save("test/render.test.ts", { source: "hook", session: "s2" }); // never served: a miss

    const answer = await callTool(ALL_TOOLS, "context_report", { json_output: true }, project.context());
    expect(answer.isError).not.toBe(true);
    const report = answer.structuredContent as Record<string, any>;
    // Session 1 edited index.ts, math.ts and square.ts, and was served index.ts, square.ts and render.ts:
    // index.ts and square.ts were served before their edit. Session 2 edited render.test.ts (render.ts
    // was the pull's) and was served math.ts: nothing in common.
    expect(report.overall).toEqual({ recall: { hits: 2, of: 4 }, precision: { hits: 2, of: 4 }, answers: 4, tokens: report.overall.tokens, sessions: 2 });
    expect(report.sessions.map((s: any) => [s.session, s.also, s.recall, s.precision, s.missed, s.answers, s.pulled])).toEqual([
      ["s1", ["m1"], { hits: 2, of: 3 }, { hits: 2, of: 3 }, ["src/lib/math.ts"], 2, 0],
      ["s2", [], { hits: 0, of: 1 }, { hits: 0, of: 1 }, ["test/render.test.ts"], 2, 1],
    ]);
    expect(report.sessions[1].tokens).toBe(1_800);
    expect(report.rules_served).toEqual([
      { id: immutable, text: "Shapes are immutable", status: "retired", times: 1 },
      { id: slug, text: "Ids are made with slugify", status: "active", times: 1 },
    ].sort((a, b) => a.id.localeCompare(b.id)));
    expect(report.rules_never_served).toEqual([{ id: tests, text: "Tests sit in test/, one file per module" }]);
    expect(report.unhelped_tasks.map((t: any) => [t.session, t.task, t.files, t.reason])).toEqual([
      ["s2", "fix rounding in the totals", 1, "none edited"],
      ["s2", "what is this project about", 0, "nothing served"],
    ]);

    const text = (await callTool(ALL_TOOLS, "context_report", {}, project.context())).content[0]!.text;
    expect(text).toContain("Recall (edited files served before the edit): 2/4 (50%)");
    expect(text).toContain("  s2 (claude-code, ");
    expect(text).toContain("recall 0/1 (0%), precision 0/1 (0%), 2 answers, 1,800 tokens, 1 pulled change left out");

    // Since session 2: session 1's figures are out of the range.
    const since = (await callTool(ALL_TOOLS, "context_report", { since: "session:s2", json_output: true }, project.context())).structuredContent as Record<string, any>;
    expect(since.sessions.map((s: any) => s.session)).toEqual(["s2"]);
    expect(since.from.label).toBe("session s2 of claude-code");
  });

  it("refuses a point that is not in the log with what to pass instead", async () => {
    const answer = await callTool(ALL_TOOLS, "context_report", { since: "session:nope" }, project.context());
    expect(answer.isError).toBe(true);
    expect(answer.content[0]!.text).toMatch(/^"nope" is not a session id the log holds: pass a session id/);
    const bad = await callTool(ALL_TOOLS, "context_report", { since: "3 fortnights" }, project.context());
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toMatch(/is not a duration Nemesis reads/);
  });
});
