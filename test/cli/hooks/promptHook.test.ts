import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeEventLog, openEventLog, readEvents } from "../../../src/events/index.js";
import { removeDir } from "../../sources/scan/helpers.js";
import { connectStdio, fixtureCopy, waitIndexed } from "../../mcp/mcpClient.js";
import { hookInput, removeStateHome, runCli } from "./hookCli.js";

const contextOf = (stdout: string) => (JSON.parse(stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } }).hookSpecificOutput;

/** The prompt hooks through the built CLI, with and without a running engine, on a small TypeScript project. */
describe("the prompt-submit and pre-task hooks", () => {
  const root = fixtureCopy("resolve/ts-basic");
  const prompt = (text: string, session = "sess-1") => runCli(root, ["hook", "prompt-submit"], hookInput(root, "UserPromptSubmit", { prompt: text, session_id: session }));
  const learned = () => {
    const log = openEventLog(join(root, ".nemesis", "events.db"));
    try {
      return readEvents(log)
        .filter((e) => e.type === "RuleStored")
        .map((e) => ({ content: (e.data as { content: string }).content, source: e.meta.source, session: e.meta.session }));
    } finally {
      closeEventLog(log);
    }
  };

  beforeAll(async () => {
    expect((await runCli(root, ["init"])).code).toBe(0);
    const config = join(root, ".nemesis", "config.toml");
    writeFileSync(config, readFileSync(config, "utf8").replace("# auto_learn = false", "auto_learn = true"));
    expect((await runCli(root, ["index", "--no-progress"])).code).toBe(0);
  });
  afterAll(() => {
    removeDir(root);
    removeStateHome();
  });

  it("adds get_smart_context's answer for a prompt, with no engine running (one is opened for the answer)", async () => {
    const r = await prompt("Where is the function twice defined, and who calls it?");
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    const context = contextOf(r.stdout);
    expect(context.hookEventName).toBe("UserPromptSubmit");
    expect(context.additionalContext).toMatch(/^Nemesis context for this prompt \(get_smart_context, at most 4,000 tokens\):\n/);
    expect(context.additionalContext).toContain("src/lib/math.ts");
    // What it served is logged in the Claude Code session that asked (ContextServed).
    const log = openEventLog(join(root, ".nemesis", "events.db"));
    try {
      const served = readEvents(log, { types: ["ContextServed"] });
      expect(served.map((e) => [e.stream, e.meta.source, e.meta.session])).toEqual([["context:sess-1", "hook", "sess-1"]]);
      expect(served[0]!.data).toMatchObject({ session: "sess-1", client: "nemesis-hook", tool: "get_smart_context", task: "Where is the function twice defined, and who calls it?" });
      expect((served[0]!.data as { files: string[] }).files).toContain("src/lib/math.ts");
    } finally {
      closeEventLog(log);
    }
  });

  it("adds nothing for short replies and slash commands", async () => {
    for (const text of ["yes, go on", "/review the math helpers in src/lib please"]) {
      expect(await prompt(text)).toEqual({ code: 0, stdout: "", stderr: "" });
    }
  });

  it("learns a durable instruction once (auto_learn on), says so, and stores it with the session", async () => {
    const text = "From now on, always use pnpm instead of npm. Then rename twice to double everywhere.";
    const first = await prompt(text, "sess-learn");
    expect(contextOf(first.stdout).additionalContext).toMatch(/^Nemesis stored this as a project rule \(rule-[0-9a-f]{8}\): Always use pnpm instead of npm\.\nNemesis context for this prompt/);
    const again = await prompt(text, "sess-learn");
    expect(contextOf(again.stdout).additionalContext).not.toContain("Nemesis stored");
    expect(learned()).toEqual([{ content: "Always use pnpm instead of npm.", source: "auto-learn", session: "sess-learn" }]);
  });

  it("pre-task adds context for a subagent's task, and nothing for other tools", async () => {
    const task = await runCli(root, ["hook", "pre-task"], hookInput(root, "PreToolUse", { tool_name: "Task", tool_input: { description: "Find callers", prompt: "Find every caller of twice and check the arguments" } }));
    expect(task.code).toBe(0);
    // Claude Code gives PreToolUse context to the agent that calls Task, not to the subagent; the
    // answer says so, and holds no permissionDecision or updatedInput (the permission flow stays Claude Code's).
    expect(JSON.parse(task.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        additionalContext: expect.stringMatching(
          /^Nemesis context for the task you are handing to a subagent \(get_smart_context, at most 4,000 tokens\)\. The subagent does not see this: pass on what it needs in its prompt, or let it call the nemesis tools itself\.\n/,
        ),
      },
    });
    const bash = await runCli(root, ["hook", "pre-task"], hookInput(root, "PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } }));
    expect(bash).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("asks the running engine through its socket, and that engine caches the architecture for session starts", async () => {
    const server = await connectStdio(root);
    try {
      await waitIndexed(server.client);
      // The lock is the server's: the hook cannot open the read models itself, only ask it.
      const lock = JSON.parse(readFileSync(join(root, ".nemesis", "engine.lock"), "utf8")) as { pid: number; socket?: string };
      expect(lock).toMatchObject({ pid: server.pid, socket: expect.any(String) });
      const r = await prompt("Which files import the math helpers, and what do they render?");
      expect(r.code).toBe(0);
      expect(contextOf(r.stdout).additionalContext).toContain("src/");
      await expect.poll(() => existsSync(join(root, ".nemesis", "cache", "architecture.json")), { timeout: 30_000, interval: 50 }).toBe(true);
    } finally {
      await server.close();
    }
  });
});
