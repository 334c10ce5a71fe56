import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startNode, type Child } from "../child.js";
import { initRepo, removeDir, tempDir, write } from "../sources/scan/helpers.js";
import { CLI } from "../helpers.js";
import { connectStdio, textOf } from "../mcp/mcpClient.js";
import { spawnCli } from "./spawnCli.js";

const children: Child[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) {
    c.kill("SIGKILL");
    await c.exit().catch(() => undefined);
  }
  for (const d of dirs.splice(0)) removeDir(d);
});

const project = (): string => {
  const root = tempDir("nemesis-watch-cli-");
  dirs.push(root);
  initRepo(root);
  write(root, "src/a.py", "def a_v1():\n    return 1\n");
  return root;
};

const watch = (root: string, args: string[] = []): Child => {
  const child = startNode(CLI, ["watch", ...args], { cwd: root, env: { ...process.env, NO_COLOR: "1" }, name: "nemesis watch" });
  children.push(child);
  return child;
};

const lineMatching = (child: Child, pattern: RegExp) => child.waitFor(`printed a line matching ${pattern}`, (o) => o.lines.some((l) => pattern.test(l)));

describe("nemesis watch", () => {
  it("keeps the index current with one line per batch; status and index_status show the watcher, its lag and its last reconciliation", async () => {
    const root = project();
    const w = watch(root);
    expect(await w.line()).toMatch(/^\d\d:\d\d:\d\d watching .* \(debounce 100 ms, a reconciliation scan every 300 s\)/);
    await lineMatching(w, /reconciled 1 file in \d+ ms: nothing missed$/);

    writeFileSync(join(root, "src/a.py"), "def a_v2():\n    return 2\n");
    await lineMatching(w, /^\d\d:\d\d:\d\d 1 changed, 0 deleted \(1 path\): visible [\d,]+ ms after the save$/);

    const status = await spawnCli(root, ["status", "--json"]);
    expect(status.code).toBe(0);
    const s = JSON.parse(status.stdout);
    expect(s.engine).toEqual({ pid: w.pid });
    expect(s.watcher).toMatchObject({ path: ".", mode: "events", lag_ms: 0, last_batch: { changed: 1, deleted: 0 }, last_reconciliation: { files: 1 } });
    expect((await spawnCli(root, ["status"])).stdout).toMatch(/\nwatcher +on for the whole project \(file events\); lag 0 ms; last batch \d+ s ago: 1 changed, 0 deleted, visible \d+ ms after the save; last reconciliation \d+ s ago: 1 file, /);

    // Another process reaches the watching engine over its socket: the save is in the graph already.
    const symbols = await spawnCli(root, ["query", "query_file_symbols", "--file_path", "src/a.py"]);
    expect(symbols.stdout).toContain("a_v2");
    expect((await spawnCli(root, ["query", "index_status"])).stdout).toMatch(/^watcher: on for the whole project \(file events\); lag 0 ms/m);

    w.kill("SIGINT");
    expect((await w.exit()).code).toBe(0);
    expect(existsSync(join(root, ".nemesis", "watcher.json"))).toBe(false);
    expect((await spawnCli(root, ["status"])).stdout).toContain("\nwatcher   off (nemesis watch, or nemesis serve with [watcher] enabled)\n");
  });

  it("has a running `nemesis serve` watch instead, and stops the watcher it started when it exits", async () => {
    const root = project();
    write(root, ".nemesis/config.toml", "[watcher]\nenabled = false\n");
    const server = await connectStdio(root);
    try {
      // Waits for the server's first catch-up: until then there is nothing to ask.
      await expect.poll(async () => textOf(await server.client.callTool({ name: "index_status", arguments: {} })), { timeout: 45_000 }).toMatch(/^files: 1 parsed/m);
      expect(textOf(await server.client.callTool({ name: "index_status", arguments: {} }))).toMatch(/^watcher: off$/m);

      const w = watch(root, ["src"]);
      await lineMatching(w, /the running engine watches .*\/src \(client of pid \d+\); showing its batches; Ctrl-C stops the watcher$/);
      writeFileSync(join(root, "src/a.py"), "def a_v3():\n    return 3\n");
      await lineMatching(w, /1 changed, 0 deleted \(1 path\): visible [\d,]+ ms after the save$/);
      expect(textOf(await server.client.callTool({ name: "query_file_symbols", arguments: { file_path: "src/a.py" } }))).toContain("a_v3");
      expect(textOf(await server.client.callTool({ name: "index_status", arguments: {} }))).toMatch(/^watcher: on for src\/ \(file events\)/m);

      w.kill("SIGINT");
      expect((await w.exit()).code).toBe(0);
      expect(textOf(await server.client.callTool({ name: "index_status", arguments: {} }))).toMatch(/^watcher: off$/m);
    } finally {
      await server.close();
    }
  });
});

describe("the watch_project tool", () => {
  it("turns the serving engine's watcher on and off; a save reaches queries while it is on", async () => {
    const root = project();
    write(root, ".nemesis/config.toml", "[watcher]\nenabled = false\n");
    const server = await connectStdio(root);
    try {
      const call = async (name: string, args: Record<string, unknown>) => textOf(await server.client.callTool({ name, arguments: args }));
      await expect.poll(() => call("index_status", {}), { timeout: 45_000 }).toMatch(/^files: 1 parsed/m);
      expect(await call("watch_project", { path: "nowhere" })).toMatch(/"nowhere" is not a folder of the project/);
      expect(await call("watch_project", { path: "../.." })).toMatch(/outside the project/);
      expect(await call("watch_project", {})).toMatch(/^watcher: on for the whole project \(file events\); lag \d+ ms; no batch yet; last reconciliation 0 s ago: 1 file, nothing missed$/);

      write(root, "src/b.py", "def b_v1():\n    return 1\n");
      await expect.poll(() => call("query_file_symbols", { file_path: "src/b.py" }), { timeout: 45_000 }).toContain("b_v1");
      expect(await call("index_status", {})).toMatch(/^watcher: on .* last batch \d+ s ago: 1 changed, 0 deleted/m);

      expect(await call("watch_project", { enabled: false })).toBe("watcher: off");
      expect(await call("index_status", {})).toMatch(/^watcher: off$/m);
      expect(existsSync(join(root, ".nemesis", "watcher.json"))).toBe(false);
    } finally {
      await server.close();
    }
  });
});
