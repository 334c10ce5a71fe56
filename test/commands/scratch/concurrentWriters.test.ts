import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadGraphState } from "../../../src/commands/scratch/index.js";
import { closeEventLog, openEventLog, SqliteEventStore } from "../../../src/events/index.js";
import { startNode, type Child } from "../../child.js";
import { tempLog } from "../../events/support.js";

const WRITER = join(import.meta.dirname, "graphWriter.mjs");

describe("two processes writing one graph at once", () => {
  const children: Child[] = [];
  let t: ReturnType<typeof tempLog>;
  afterEach(() => {
    for (const c of children.splice(0)) c.kill("SIGKILL");
    t?.cleanup();
  });

  it("lose nothing: every node and edge of both is in the graph, each version once", async () => {
    t = tempLog();
    const count = 200;
    const [a, b] = ["a", "b"].map((name) => {
      const c = startNode(WRITER, [t.path, name, String(count)]);
      children.push(c);
      return c;
    });
    expect(await Promise.all([a!.line(), b!.line()])).toEqual(["ready", "ready"]);
    a!.end("go\n");
    b!.end("go\n");
    const results = await Promise.all([a!.exit(), b!.exit()]);
    for (const r of results) {
      expect(r.stderr).toBe("");
      expect(r.stdout).toMatch(/^ready\ndone \d+\n$/);
    }
    const log = openEventLog(t.path);
    try {
      const state = loadGraphState(SqliteEventStore.of(log), "graph:shared");
      // Both writers' nodes plus the hub each of them added (merged into one).
      expect(state.nodes.size).toBe(2 * count + 1);
      expect(state.edges.size).toBe(2 * count);
      expect(state.version).toBe(2 * count * 2 + 1);
    } finally {
      closeEventLog(log);
    }
  }, 60_000);
});
