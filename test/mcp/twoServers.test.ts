import { afterAll, describe, expect, it } from "vitest";
import { closeEventLog, openEventLog, readEvents } from "../../src/events/index.js";
import { removeDir } from "../sources/scan/helpers.js";
import { spawnCli } from "../cli/spawnCli.js";
import { connectStdio, fixtureCopy, textOf, waitIndexed } from "./mcpClient.js";

const root = fixtureCopy("resolve/ts-basic");
const servers: Array<Awaited<ReturnType<typeof connectStdio>>> = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  removeDir(root);
});

const storedRules = (): string[] => {
  const log = openEventLog(`${root}/.nemesis/events.db`);
  try {
    return readEvents(log, { after: 0, limit: 10_000 })
      .filter((e) => e.type === "RuleStored")
      .map((e) => (e.data as { content: string }).content);
  } finally {
    closeEventLog(log);
  }
};

describe("two editor windows on one project", () => {
  it("share one engine; the CLI asks it too; when the owner is killed the other takes over and nothing is lost", async () => {
    const first = await connectStdio(root);
    servers.push(first);
    await waitIndexed(first.client);
    const second = await connectStdio(root);
    servers.push(second);

    // The second window is a front end of the first: same answers, no second engine.
    const a = textOf(await first.client.callTool({ name: "search_regex", arguments: { pattern: "function twice" } }));
    const b = textOf(await second.client.callTool({ name: "search_regex", arguments: { pattern: "function twice" } }));
    expect(b).toBe(a);
    expect(a).toContain("src/lib/math.ts:5:");
    expect(textOf(await second.client.callTool({ name: "store_rule", arguments: { rule: "Written through the second window" } }))).toMatch(/^stored rule /);

    // The CLI reaches the running engine over its socket instead of failing on the engine lock.
    const cli = await spawnCli(root, ["query", "search_regex", "--pattern", "function twice"]);
    expect(cli.stderr).toBe("");
    expect(cli.code).toBe(0);
    expect(cli.stdout.trim()).toBe(a);
    // So do search and status: the engine's graph ranks the search, status shows its checkpoints and counts.
    const search = await spawnCli(root, ["search", "twice"]);
    expect(search.stderr).toBe("");
    expect(search.stdout).toContain("src/lib/math.ts:");
    expect(search.stdout).toMatch(/chunks searched in \d+ ms by the running engine/);
    const status = await spawnCli(root, ["status"]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`pid ${first.pid} owns the read models`);
    expect(status.stdout).toMatch(/nodes {5}10 File, /);
    expect(status.stdout).toMatch(/graph +#\d+/);
    const grep = await spawnCli(root, ["grep", "function twice"]);
    expect(grep.stdout).toContain("src/lib/math.ts:5:");

    process.kill(first.pid, "SIGKILL");
    const t0 = performance.now();
    const after = await second.client.callTool({ name: "search_regex", arguments: { pattern: "function twice" } });
    console.log(`takeover answered ${Math.round(performance.now() - t0)} ms after kill -9 of the owner`);
    // The new owner checks the disk as it takes over; an answer given meanwhile carries the
    // catching-up line the README promises, and the same lines otherwise.
    expect(textOf(after).replace(/\n\n\(index catching up: [^\n]*\)$/, "")).toBe(a);
    expect(textOf(await second.client.callTool({ name: "store_rule", arguments: { rule: "Written after the takeover" } }))).toMatch(/^stored rule /);
    expect(textOf(await second.client.callTool({ name: "index_status", arguments: {} }))).toMatch(/files: 10 parsed/);

    expect(storedRules()).toEqual(["Written through the second window", "Written after the takeover"]);
  }, 180_000);
});
