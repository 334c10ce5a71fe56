import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../runCliInProcess.js";
import { hookInput, hookLog, removeStateHome, runCli } from "./hookCli.js";

/**
 * Whatever goes wrong, a hook exits 0 with nothing on stdout (Claude Code would show or inject
 * it) and leaves a note: in the project's .nemesis/logs/hooks.log, or without a project in the
 * user's state directory. Real processes of the built CLI.
 */
describe("hooks fail open", () => {
  const project = realpathSync(mkdtempSync(join(tmpdir(), "nemesis-failopen-")));
  const bare = realpathSync(mkdtempSync(join(tmpdir(), "nemesis-bare-")));
  beforeAll(async () => {
    // Set-up in this process; the hooks below are real processes of the built CLI.
    expect((await runCliInProcess(project, ["init"])).code).toBe(0);
  });
  afterAll(() => {
    rmSync(project, { recursive: true, force: true });
    rmSync(bare, { recursive: true, force: true });
    removeStateHome();
  });

  const events: Record<string, { event: string; fields: Record<string, unknown> }> = {
    "session-start": { event: "SessionStart", fields: { source: "startup" } },
    "file-changed": { event: "PostToolUse", fields: { tool_name: "Write", tool_input: { file_path: "src/a.ts", content: "x" } } },
    "prompt-submit": { event: "UserPromptSubmit", fields: { prompt: "Refactor the order service to use the repository" } },
    "pre-task": { event: "PreToolUse", fields: { tool_name: "Task", tool_input: { description: "Find callers", prompt: "Find every caller of add" } } },
  };

  const cases: Array<[string, string, string, string, RegExp]> = [];
  for (const name of Object.keys(events)) {
    cases.push([name, "malformed JSON", project, '{"session_id": "s", "cwd": ', /is not JSON/]);
    cases.push([name, "empty stdin", project, "", /no hook input on stdin/]);
    cases.push([name, "no .nemesis/", bare, hookInput(bare, events[name]!.event, events[name]!.fields), /no Nemesis project at or above/]);
  }
  cases.push(["file-changed", "a path outside the project", project, hookInput(project, "PostToolUse", { tool_name: "Edit", tool_input: { file_path: "/etc/hostname" } }), /is outside the project/]);
  cases.push(["file-changed", "a missing file", project, hookInput(project, "PostToolUse", { tool_name: "Write", tool_input: { file_path: join(project, "src/nope.ts") } }), /src\/nope.ts is not on disk; nothing recorded/]);
  cases.push(["file-changed", "no file in the tool input", project, hookInput(project, "PostToolUse", { tool_name: "Edit", tool_input: {} }), /named no file/]);

  it.each(cases)("%s with %s: exit 0, nothing on stdout, a note in the log", async (name, _case, cwd, stdin, note) => {
    const logRoot = cwd === bare ? null : project;
    const before = hookLog(logRoot);
    const r = await runCli(cwd, ["hook", name], stdin);
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: "" });
    expect(r.stderr).toMatch(note);
    const added = hookLog(logRoot).slice(before.length);
    expect(added).toMatch(new RegExp(`\\[\\d+\\] ${name}: `));
    expect(added).toMatch(note);
  });
});
