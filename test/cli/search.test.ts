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

/** `nemesis search` through the built CLI on a project indexed by `nemesis index`. */
describe("nemesis search", () => {
  const t = tempDir("nemesis-cli-search-");
  // The built CLI indexes and answers first; the other command lines run in this process (the same code).
  const spawned = (...args: string[]) => spawnCli(t.dir, args);
  const cli = (...args: string[]) => runCliInProcess(t.dir, args);

  beforeAll(async () => {
    mkdirSync(join(t.dir, "pkg"));
    writeFileSync(join(t.dir, "pkg", "client.py"), client);
    const r = await spawned("index", ".", "--no-progress");
    expect(r.stderr).toMatch(/^created a Nemesis project in .*\n$/);
    expect(r.code).toBe(0);
  });
  afterAll(() => t.cleanup());

  it("snippets keep the indentation of a chunk's first line", async () => {
    const r = await spawned("search", "stream", "--json", "--limit", "5");
    expect(r.code).toBe(0);
    const hits = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { startLine: number; snippet: string });
    const stream = hits.find((h) => h.startLine === streamLine);
    expect(stream?.snippet.split("\n")[0]).toBe("    async def stream(self, request):");
  });

  it("--kind keeps chunks of that kind; the text ends with what was searched", async () => {
    const classes = await spawned("search", "client sends requests", "--json", "--kind", "Method");
    expect(classes.code).toBe(0);
    const kinds = classes.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { kind: string }).kind);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(["Method"]));
    const text = await spawned("search", "stream", "--limit", "1");
    expect(text.stdout).toMatch(/\(1\.000\)\n/);
    expect(text.stdout).toMatch(/\n\d+ chunks searched in \d+ ms\n$/);
  });

  it("an empty or blank search query is an input error", async () => {
    for (const q of ["", "   "]) {
      const r = await cli("search", q);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe("nemesis: the search query is empty: give words or identifiers to look for\n");
    }
  });

  it("--help says what the score means", async () => {
    const r = await cli("search", "--help");
    expect(r.stdout).toMatch(/Score \(in parentheses; "score" in --json\): how a hit ranks against the best hit of this\s+search \(1 = the best\)/);
    expect(r.stdout).toMatch(/reciprocal rank fusion: every\s+ranking a hit appears in adds weight \/ \(60 \+ its rank there\)/);
  });
});
