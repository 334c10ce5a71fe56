import { describe, expect, it } from "vitest";
import { addOurHooks, addOurServer, isOurHookCommand, removeOurHooks, removeOurServer } from "../../../src/cli/hooks/hookSettings.js";

/** The user's settings as they wrote them: their own indentation, inline arrays, hooks of their own. */
const USERS = `{
    "permissions": { "allow": ["Bash(npm test:*)"] },
    "hooks": {
        "PostToolUse": [
            { "matcher": "Write", "hooks": [{ "type": "command", "command": "prettier --write x", "timeout": 20 }] }
        ],
        "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }]
    }
}
`;

const added = (text: string | null, command = "nemesis"): string => {
  const r = addOurHooks(text, command);
  if ("unmergeable" in r) throw new Error(r.unmergeable);
  return r.text;
};

type Groups = Array<{ matcher?: string; hooks: Array<{ command: string; timeout: number; type: string }> }>;
const hooksOf = (text: string) => (JSON.parse(text) as { hooks: Record<string, Groups> }).hooks;
const commands = (text: string) => Object.values(hooksOf(text)).flatMap((groups) => groups.flatMap((g) => g.hooks.map((h) => h.command)));

describe("Claude Code settings", () => {
  it("adds our hooks after the user's, once however often it runs, and removing them gives the text back byte for byte", () => {
    const once = added(USERS);
    expect(added(once)).toBe(once);
    const hooks = hooksOf(once);
    const user = (JSON.parse(USERS) as { hooks: Record<string, Groups> }).hooks;
    expect(hooks.PostToolUse).toEqual([user.PostToolUse![0], { matcher: "Edit|Write|MultiEdit|NotebookEdit", hooks: [{ type: "command", command: "nemesis hook file-changed", timeout: 10 }] }]);
    expect(hooks.SessionStart).toEqual([{ hooks: [{ type: "command", command: "nemesis hook session-start", timeout: 10 }] }]);
    expect(hooks.PreToolUse).toEqual([{ matcher: "Task|Agent", hooks: [{ type: "command", command: "nemesis hook pre-task", timeout: 30 }] }]);
    expect(hooks.Stop).toEqual(user.Stop);
    // Laid out like the user's entries.
    expect(once).toContain('\n        "SessionStart": [\n            {\n                "hooks": [');
    expect(removeOurHooks(once)).toBe(USERS);
  });

  it.each([
    ["one line", '{"model":"opus","hooks":{"Stop":[]}}'],
    ["no hooks", '{\n  "model": "opus"\n}\n'],
    ["an empty object", "{}\n"],
    ["tabs", '{\n\t"hooks": {\n\t\t"PostToolUse": [\n\t\t\t{ "hooks": [{ "type": "command", "command": "lint" }] }\n\t\t]\n\t}\n}'],
  ])("round-trips a file written on %s", (_name, text) => {
    const once = added(text);
    expect(commands(once).filter((c) => c.startsWith("nemesis")).sort()).toEqual(["nemesis hook file-changed", "nemesis hook pre-task", "nemesis hook prompt-submit", "nemesis hook session-start"]);
    expect(removeOurHooks(once)).toBe(text);
  });

  it("drops an event list the user left empty once ours was its only entry (the two cannot be told apart)", () => {
    expect(removeOurHooks(added('{"model":"opus","hooks":{"Stop":[],"SessionStart":[]}}'))).toBe('{"model":"opus","hooks":{"Stop":[]}}');
  });

  it("replaces our hooks when the command that starts Nemesis changes", () => {
    const moved = added(added(null), "node /opt/nemesis/dist/cli.js");
    expect(commands(moved)).toEqual([
      "node /opt/nemesis/dist/cli.js hook session-start",
      "node /opt/nemesis/dist/cli.js hook prompt-submit",
      "node /opt/nemesis/dist/cli.js hook pre-task",
      "node /opt/nemesis/dist/cli.js hook file-changed",
    ]);
    expect(JSON.parse(removeOurHooks(moved))).toEqual({});
  });

  it("keeps the user's hooks that share a group with ours, and lists that held none of ours", () => {
    const mixed = '{"hooks":{"PostToolUse":[{"matcher":"Edit","hooks":[{"type":"command","command":"lint-staged"},{"type":"command","command":"nemesis hook file-changed"}]}],"Stop":[]}}';
    expect(removeOurHooks(mixed)).toBe('{"hooks":{"PostToolUse":[{"matcher":"Edit","hooks":[{"type":"command","command":"lint-staged"}]}],"Stop":[]}}');
  });

  it("knows its own commands and nobody else's", () => {
    expect(isOurHookCommand("nemesis hook file-changed")).toBe(true);
    expect(isOurHookCommand("/usr/local/bin/nemesis hook session-start")).toBe(true);
    expect(isOurHookCommand("node /x/dist/cli.js hook pre-task")).toBe(true);
    expect(isOurHookCommand("mytool hook file-changed")).toBe(false);
    expect(isOurHookCommand("nemesis hook file-changed && echo hi")).toBe(false);
  });

  it("refuses settings it cannot merge without guessing", () => {
    expect(addOurHooks('{"hooks": []}', "nemesis")).toEqual({ unmergeable: '"hooks" is not an object' });
    expect(addOurHooks('{"hooks": {"PreToolUse": {}}}', "nemesis")).toEqual({ unmergeable: '"hooks.PreToolUse" is not a list' });
  });
});

describe(".mcp.json", () => {
  it("adds mcpServers.nemesis beside the user's servers and removes only it", () => {
    const users = '{\n  "mcpServers": {\n    "github": { "command": "gh-mcp", "args": [] }\n  }\n}\n';
    const r = addOurServer(users, "nemesis");
    if ("unmergeable" in r) throw new Error(r.unmergeable);
    expect(JSON.parse(r.text)).toEqual({ mcpServers: { github: { command: "gh-mcp", args: [] }, nemesis: { command: "nemesis", args: ["serve"] } } });
    expect(removeOurServer(r.text)).toBe(users);
    const fresh = addOurServer(null, "node /x/dist/cli.js") as { text: string };
    expect(JSON.parse(fresh.text)).toEqual({ mcpServers: { nemesis: { command: "node", args: ["/x/dist/cli.js", "serve"] } } });
    expect(JSON.parse(removeOurServer(fresh.text))).toEqual({});
  });

  it("keeps a nemesis entry the user wrote differently", () => {
    const theirs = '{"mcpServers":{"nemesis":{"command":"docker","args":["run","nemesis-image"]}}}';
    expect(addOurServer(theirs, "nemesis")).toEqual({ text: theirs, kept: true });
    expect(removeOurServer(theirs)).toBe(theirs);
  });
});
