import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { CLI } from "../../helpers.js";
import { removeStateHome, runCli } from "./hookCli.js";

/** The user's own settings, in their own formatting (four spaces), with hooks of their own. */
const USER_SETTINGS = `{
    "permissions": {
        "allow": ["Bash(npm test:*)"]
    },
    "hooks": {
        "PostToolUse": [
            {
                "matcher": "Write|Edit",
                "hooks": [{ "type": "command", "command": "npx prettier --write \\"$CLAUDE_PROJECT_DIR\\"", "timeout": 30 }]
            }
        ],
        "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]
    }
}
`;
const USER_MCP = `{"mcpServers":{"github":{"command":"github-mcp","args":["--read-only"]}}}`;

const dirs: string[] = [];
const project = (): string => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "nemesis-install-")));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
afterEach(removeStateHome);

/** A PATH on which `nemesis` is the CLI under test (a symlink, as npm link or a global install makes it), and one without it. */
const binDir = mkdtempSync(join(tmpdir(), "nemesis-bin-"));
symlinkSync(CLI, join(binDir, "nemesis"));
const withNemesis = { PATH: [binDir, process.env.PATH ?? ""].join(delimiter) };
const withoutNemesis = { PATH: dirname(process.execPath) };
afterAll(() => rmSync(binDir, { recursive: true, force: true }));

const settingsOf = (root: string) => JSON.parse(readFileSync(join(root, ".claude", "settings.json"), "utf8"));
const commandsOf = (groups: Array<{ hooks: Array<{ command: string }> }>) => groups.flatMap((g) => g.hooks.map((h) => h.command));

describe("nemesis hook install", () => {
  it("twice on the user's settings: theirs intact, ours once; --uninstall restores the originals byte for byte", async () => {
    const root = project();
    mkdirSync(join(root, ".claude"));
    writeFileSync(join(root, ".claude", "settings.json"), USER_SETTINGS);
    writeFileSync(join(root, ".mcp.json"), USER_MCP);
    const user = JSON.parse(USER_SETTINGS);

    for (let i = 0; i < 2; i++) {
      const r = await runCli(root, ["hook", "install"], "", withNemesis);
      expect(r).toMatchObject({ code: 0, stderr: "" });
    }
    const settings = settingsOf(root);
    expect(settings.permissions).toEqual(user.permissions);
    expect(settings.hooks.Stop).toEqual(user.hooks.Stop);
    expect(settings.hooks.PostToolUse[0]).toEqual(user.hooks.PostToolUse[0]);
    expect(commandsOf(settings.hooks.PostToolUse)).toEqual([user.hooks.PostToolUse[0].hooks[0].command, "nemesis hook file-changed"]);
    expect(settings.hooks.PostToolUse[1]).toEqual({ matcher: "Edit|Write|MultiEdit|NotebookEdit", hooks: [{ type: "command", command: "nemesis hook file-changed", timeout: 10 }] });
    expect(commandsOf(settings.hooks.SessionStart)).toEqual(["nemesis hook session-start"]);
    expect(commandsOf(settings.hooks.UserPromptSubmit)).toEqual(["nemesis hook prompt-submit"]);
    expect(settings.hooks.PreToolUse).toEqual([{ matcher: "Task|Agent", hooks: [{ type: "command", command: "nemesis hook pre-task", timeout: 30 }] }]);
    // Their formatting is kept.
    expect(readFileSync(join(root, ".claude", "settings.json"), "utf8")).toMatch(/^{\n {4}"permissions"/);
    expect(JSON.parse(readFileSync(join(root, ".mcp.json"), "utf8"))).toEqual({
      mcpServers: { github: { command: "github-mcp", args: ["--read-only"] }, nemesis: { command: "nemesis", args: ["serve"] } },
    });

    const r = await runCli(root, ["hook", "install", "--uninstall"]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(readFileSync(join(root, ".claude", "settings.json"), "utf8")).toBe(USER_SETTINGS);
    expect(readFileSync(join(root, ".mcp.json"), "utf8")).toBe(USER_MCP);
  });

  it("creates the files where there were none, and --uninstall removes them again", async () => {
    const root = project();
    const r = await runCli(root, ["hook", "install", "--command", "node /opt/nemesis/dist/cli.js"]);
    expect(r.code).toBe(0);
    expect(commandsOf(settingsOf(root).hooks.SessionStart)).toEqual(["node /opt/nemesis/dist/cli.js hook session-start"]);
    expect(JSON.parse(readFileSync(join(root, ".mcp.json"), "utf8"))).toEqual({ mcpServers: { nemesis: { command: "node", args: ["/opt/nemesis/dist/cli.js", "serve"] } } });
    expect((await runCli(root, ["hook", "install", "--uninstall"])).code).toBe(0);
    expect(existsSync(join(root, ".claude"))).toBe(false);
    expect(existsSync(join(root, ".mcp.json"))).toBe(false);
  });

  it("from a clone, with no nemesis on the PATH, writes the command that runs this CLI and says so", async () => {
    const root = project();
    const r = await runCli(root, ["hook", "install"], "", withoutNemesis);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    const cli = realpathSync(CLI);
    const [command] = commandsOf(settingsOf(root).hooks.SessionStart);
    expect([`node ${cli} hook session-start`, `${realpathSync(process.execPath)} ${cli} hook session-start`]).toContain(command);
    expect(r.stdout).toContain(`nemesis is not on the PATH, so Claude Code runs this CLI: ${command!.replace(/ hook session-start$/, "")}`);
    expect(JSON.parse(readFileSync(join(root, ".mcp.json"), "utf8")).mcpServers.nemesis.args).toEqual([cli, "serve"]);
  });

  it("changes nothing when a file cannot be merged, and says what to fix", async () => {
    const root = project();
    mkdirSync(join(root, ".claude"));
    writeFileSync(join(root, ".claude", "settings.json"), "{ not json");
    const r = await runCli(root, ["hook", "install"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/settings\.json is not valid JSON .*fix it by hand/);
    expect(readFileSync(join(root, ".claude", "settings.json"), "utf8")).toBe("{ not json");
    expect(existsSync(join(root, ".mcp.json"))).toBe(false);
  });
});
