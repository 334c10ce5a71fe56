import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers.js";
import { runCliInProcess } from "./runCliInProcess.js";
import { spawnCli } from "./spawnCli.js";

/** A class whose methods are too big to share a chunk: each method's chunk starts on an indented line. */
const client = (() => {
  const lines = ["class Client:", '    """Sends requests."""', ""];
  for (const name of ["send", "close", "stream"]) {
    lines.push(`    async def ${name}(self, request):`);
    for (let i = 0; i < 25; i++) lines.push(`        value_${i} = await self._${name}_helper(request, ${i}, extra_argument_${i})`);
    lines.push("        return value_0", "");
  }
  return lines.join("\n");
})();
const streamLine = client.split("\n").indexOf("    async def stream(self, request):") + 1;

const ctx = ["def alpha():", "    token = 1", "    return token", "", "", "", "", "def beta():", "    token = 2", "    return token", ""].join("\n");

/** `nemesis grep` through the built CLI on a project indexed by `nemesis index`. */
describe("nemesis grep", () => {
  const t = tempDir("nemesis-cli-grep-");
  // The built CLI indexes and answers first; the other command lines run in this process (the same code).
  const spawned = (...args: string[]) => spawnCli(t.dir, args);
  const cli = (...args: string[]) => runCliInProcess(t.dir, args);

  beforeAll(async () => {
    mkdirSync(join(t.dir, "pkg"));
    writeFileSync(join(t.dir, "pkg", "client.py"), client);
    writeFileSync(join(t.dir, "pkg", "ctx.py"), ctx);
    const r = await spawned("index", ".", "--no-progress");
    expect(r.stderr).toMatch(/^created a Nemesis project in .*\n$/);
    expect(r.code).toBe(0);
  });
  afterAll(() => t.cleanup());

  it("shows a chunk's first line with its indentation, in text and in --json", async () => {
    const text = await spawned("grep", "async def stream", "--context", "0");
    expect(text.stdout).toBe(`pkg/client.py:${streamLine}:    async def stream(self, request):\n`);
    const json = await cli("grep", "async def stream", "--context", "1", "--json");
    expect(JSON.parse(json.stdout)).toEqual({
      file: "pkg/client.py",
      line: streamLine,
      text: "    async def stream(self, request):",
      before: [""],
      after: ["        value_0 = await self._stream_helper(request, 0, extra_argument_0)"],
      block: 0,
    });
  });

  it("-i matches case-insensitively", async () => {
    expect((await cli("grep", "ASYNC DEF STREAM", "--context", "0")).stdout).toMatch(/^no lines match/);
    expect((await cli("grep", "ASYNC DEF STREAM", "-i", "--context", "0")).stdout).toBe(`pkg/client.py:${streamLine}:    async def stream(self, request):\n`);
  });

  it("merges overlapping and adjacent context into one block, `--` only between blocks that do not touch", async () => {
    const apart = await cli("grep", "token", "--path", "pkg/ctx.py");
    expect(apart.code).toBe(0);
    expect(apart.stdout).toBe(
      [
        "pkg/ctx.py-1-def alpha():",
        "pkg/ctx.py:2:    token = 1",
        "pkg/ctx.py:3:    return token",
        "pkg/ctx.py-4-",
        "pkg/ctx.py-5-",
        "--",
        "pkg/ctx.py-7-",
        "pkg/ctx.py-8-def beta():",
        "pkg/ctx.py:9:    token = 2",
        "pkg/ctx.py:10:    return token",
        "",
      ].join("\n"),
    );
    const touching = await cli("grep", "token", "--path", "pkg/ctx.py", "--context", "3");
    expect(touching.stdout.split("\n").filter((l) => l.startsWith("pkg/ctx.py")).map((l) => /^pkg\/ctx\.py[-:](\d+)[-:]/.exec(l)![1])).toEqual(
      ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
    );
    expect(touching.stdout).not.toContain("--");
    const json = (await cli("grep", "token", "--path", "pkg/ctx.py", "--context", "3", "--json")).stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(json.map((m) => [m.line, m.before.length, m.after.length, m.block])).toEqual([
      [2, 1, 0, 0],
      [3, 0, 3, 0],
      [9, 2, 0, 0],
      [10, 0, 0, 0],
    ]);
  });

  it("an empty grep pattern is an input error, not every line", async () => {
    const r = await cli("grep", "");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("nemesis: the pattern is empty and would match every line: give the text or regular expression to look for\n");
  });

  it("an invalid regular expression says what is wrong and what to do; --fixed-strings matches it literally", async () => {
    const r = await cli("grep", "(");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe('nemesis: invalid regular expression "(": unterminated group; escape special characters (\\() or use --fixed-strings\n');
    const literal = await cli("grep", "-F", "(self, request):", "--context", "0");
    expect(literal.code).toBe(0);
    expect(literal.stdout.trim().split("\n").map((l) => l.split(":").slice(0, 2).join(":"))).toEqual(
      ["send", "close", "stream"].map((m) => `pkg/client.py:${client.split("\n").indexOf(`    async def ${m}(self, request):`) + 1}`),
    );
    expect((await cli("grep", "_stream_helper(request, 24,")).code).toBe(2);
    const long = await cli("grep", "--fixed-strings", "_stream_helper(request, 24,", "--context", "0");
    expect(long.stdout).toBe(`pkg/client.py:${streamLine + 25}:        value_24 = await self._stream_helper(request, 24, extra_argument_24)\n`);
  });

  it("--path takes a folder as everything under it; a path naming nothing or outside the project is a usage error (exit 2)", async () => {
    const folder = await cli("grep", "token = 1", "--path", "pkg", "--context", "0");
    expect(folder.stdout).toBe("pkg/ctx.py:2:    token = 1\n");
    const nothing = await cli("grep", "token", "--path", "pkgs");
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/^nemesis: --path "pkgs" names no indexed file and no folder holding one .*; indexed near it: pkg\b/);
    const outside = await cli("grep", "token", "--path", "/etc");
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/^nemesis: --path "\/etc" is outside the project/);
  });
});
