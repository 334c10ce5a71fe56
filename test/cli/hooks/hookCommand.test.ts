import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findOnPath, hookCommandFor } from "../../../src/cli/hooks/hookCommand.js";

const CLONE = "/home/me/src/nemesis/dist/cli.js";
const NODE = "/usr/local/bin/node";

describe("the command hook install writes (pure)", () => {
  it("is `nemesis` when `nemesis` on the PATH is this same install", () => {
    expect(hookCommandFor({ nemesisOnPath: CLONE, runningCli: CLONE, nodeOnPath: NODE, runningNode: NODE })).toEqual({ ok: true, command: "nemesis", note: null });
  });

  it("is this CLI through node when `nemesis` is not on the PATH, and says why", () => {
    expect(hookCommandFor({ nemesisOnPath: null, runningCli: CLONE, nodeOnPath: NODE, runningNode: NODE })).toEqual({
      ok: true,
      command: `node ${CLONE}`,
      note: `nemesis is not on the PATH, so Claude Code runs this CLI: node ${CLONE}`,
    });
  });

  it("is this CLI when `nemesis` on the PATH is another install", () => {
    const other = "/usr/lib/node_modules/nemesis/dist/cli.js";
    const r = hookCommandFor({ nemesisOnPath: other, runningCli: CLONE, nodeOnPath: NODE, runningNode: NODE });
    expect(r).toEqual({ ok: true, command: `node ${CLONE}`, note: `nemesis on the PATH is another install (${other}), so Claude Code runs this one: node ${CLONE}` });
  });

  it("names the running node when `node` on the PATH is another one (or none)", () => {
    const nvm = "/home/me/.nvm/versions/node/v20.11.0/bin/node";
    expect(hookCommandFor({ nemesisOnPath: null, runningCli: CLONE, nodeOnPath: NODE, runningNode: nvm })).toMatchObject({ ok: true, command: `${nvm} ${CLONE}` });
    expect(hookCommandFor({ nemesisOnPath: null, runningCli: CLONE, nodeOnPath: null, runningNode: nvm })).toMatchObject({ ok: true, command: `${nvm} ${CLONE}` });
  });

  it("refuses with the --command hint when the path cannot be written as one command line", () => {
    const r = hookCommandFor({ nemesisOnPath: null, runningCli: "/home/me/My Projects/nemesis/dist/cli.js", nodeOnPath: NODE, runningNode: NODE });
    expect(r).toEqual({
      ok: false,
      reason:
        'nemesis is not on the PATH, and the path of this CLI (/home/me/My Projects/nemesis/dist/cli.js) holds a space or quote that the hook and .mcp.json commands cannot carry: put nemesis on the PATH (npm link in the clone), or pass --command "<how to start nemesis>"',
    });
  });
});

describe.skipIf(process.platform === "win32")("findOnPath", () => {
  const dir = mkdtempSync(join(tmpdir(), "nemesis-path-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds the first executable of that name, through symlinks, and skips what cannot run", () => {
    const a = join(dir, "a");
    const b = join(dir, "b");
    const target = join(dir, "target", "cli.js");
    for (const d of [a, b, join(dir, "target")]) mkdirSync(d, { recursive: true });
    writeFileSync(target, "#!/usr/bin/env node\n");
    chmodSync(target, 0o755);
    writeFileSync(join(a, "nemesis"), "not executable");
    chmodSync(join(a, "nemesis"), 0o644);
    symlinkSync(target, join(b, "nemesis"));
    expect(findOnPath("nemesis", [join(dir, "none"), a, b].join(delimiter))).toBe(realpathSync(target));
    expect(findOnPath("nemesis", a)).toBeNull();
    expect(findOnPath("nemesis", undefined)).toBeNull();
  });
});
