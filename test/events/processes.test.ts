import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeEventLog, type LogHandle, readEvents, tailEvents } from "../../src/events/index.js";
import { startNode, type Child } from "../child.js";
import { CHILDREN, tempLog } from "./support.js";
import { sqliteLog } from "../../src/events/sqlite/sqliteLog.js";

describe("the log across processes", () => {
  let t: ReturnType<typeof tempLog>;
  let log: LogHandle;
  const children: Child[] = [];
  const child = (script: string, args: string[]): Child => {
    const c = startNode(join(CHILDREN, script), args);
    children.push(c);
    return c;
  };
  beforeEach(() => {
    t = tempLog();
    log = t.open();
  });
  afterEach(() => {
    for (const c of children.splice(0)) c.kill("SIGKILL");
    closeEventLog(log);
    t.cleanup();
  });

  it("a tail sees another process's appends", async () => {
    const writer = child("appendOne.mjs", [t.path]);
    expect(await writer.line()).toBe("ready");
    const seen = new Set<number>();
    const stop = tailEvents(log, { after: 0, intervalMs: 10 }, (batch) => {
      for (const e of batch) seen.add(e.position);
    });
    try {
      for (let i = 0; i < 5; i++) {
        writer.write(`p${i}\n`);
        const position = Number(await writer.line());
        await expect.poll(() => seen.has(position), { timeout: 20_000, interval: 5 }).toBe(true);
      }
    } finally {
      stop();
    }
    expect([...seen]).toEqual([1, 2, 3, 4, 5]);
  });

  it("two processes appending 1,000 events each at once: 2,000 events, gap-free positions, contiguous versions", async () => {
    const a = child("writer.mjs", [t.path, "a", "b", "1000"]);
    const b = child("writer.mjs", [t.path, "b", "a", "1000"]);
    expect(await Promise.all([a.line(), b.line()])).toEqual(["ready", "ready"]);
    a.end("go\n");
    b.end("go\n");
    const [ra, rb] = await Promise.all([a.exit(), b.exit()]);
    expect(ra.stderr).toBe("");
    expect(rb.stderr).toBe("");
    expect(ra.stdout).toMatch(/^ready\ndone \d+\n$/);
    expect(rb.stdout).toMatch(/^ready\ndone \d+\n$/);
    const events = readEvents(log);
    expect(events).toHaveLength(2000);
    expect(events.map((e) => e.position)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    const byStream = new Map<string, number[]>();
    for (const e of events) byStream.set(e.stream, [...(byStream.get(e.stream) ?? []), e.version]);
    expect([...byStream.keys()].sort()).toEqual(["file:own-a", "file:own-b", "file:shared"]);
    for (const versions of byStream.values()) expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
    expect(byStream.get("file:shared")).toHaveLength(2 * 334);
    const switches = events.filter((e, i) => i > 0 && e.meta.actor !== events[i - 1]!.meta.actor).length;
    expect(switches).toBeGreaterThan(1); // the writers' halfway wait makes their bursts interleave
    for (const name of ["a", "b"]) {
      const paths = events.filter((e) => e.meta.actor === name).map((e) => (e.data as { path: string }).path);
      expect(new Set(paths).size).toBe(1000);
    }
  });

  it("a writer killed with SIGKILL mid-burst loses no acknowledged event and leaves a readable log", async () => {
    closeEventLog(log);
    const burst = child("burst.mjs", [t.path]);
    await burst.lines(300);
    burst.kill("SIGKILL");
    const { signal, stderr, lines } = await burst.exit();
    expect(stderr).toBe("");
    expect(signal).toBe("SIGKILL");
    // Every complete line is an acknowledged append, including those printed between the 300th and the kill.
    const acked = lines.map((line) => {
      const [ids, position] = line.split(" ");
      return { ids: ids!.split(","), position: Number(position) };
    });
    log = t.open();
    expect(sqliteLog(log).db.pragma("integrity_check", { simple: true })).toBe("ok");
    const stored = new Map(readEvents(log).map((e) => [e.eventId, e.position]));
    for (const a of acked) for (const [k, id] of a.ids.entries()) expect(stored.get(id)).toBe(a.position - 2 + k);
    expect(stored.size).toBeGreaterThanOrEqual(acked.length * 3);
    expect(stored.size % 3).toBe(0); // batches are all-or-nothing
  });
});
