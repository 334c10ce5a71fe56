import { describe, expect, it } from "vitest";
import { payloadLoader, streamPayloads, type LogHandle } from "../../src/events/index.js";
import { eachTestWithTempLog, insertRawEvent } from "./support.js";
import { sqliteLog } from "../../src/events/sqlite/sqliteLog.js";

// Worker threads cannot load TypeScript: the thread entry is the built one (vitest's globalSetup builds it).
const THREAD = new URL("../../dist/events/payloadReaderThread.js", import.meta.url);

const OMIT = { FileParsed: ["chunks"] } as const;

/** `n` FileParsed-shaped payloads of a few KB each (chunk texts included), and a small event of another type between. */
const fill = (log: LogHandle, n: number): number[] => {
  for (let i = 0; i < n; i++) {
    insertRawEvent(log, {
      eventId: `p${i}`,
      stream: `file:src/f${i}.ts`,
      type: "FileParsed",
      data: { path: `src/f${i}.ts`, symbols: [{ name: `f${i}`, note: "é→𝄞".repeat(i % 7) }], chunks: [{ text: "x".repeat(2000 + i) }] },
    });
    if (i % 50 === 0) insertRawEvent(log, { eventId: `r${i}`, stream: `rule:${i}`, type: "RuleStored", data: { text: `rule ${i}` } });
  }
  return sqliteLog(log).db.prepare("SELECT position FROM events ORDER BY position").pluck().all() as number[];
};

const collect = async (gen: AsyncGenerator<string | null>, pauseEvery = 0): Promise<Array<string | null>> => {
  const out: Array<string | null> = [];
  for await (const p of gen) {
    out.push(p);
    // A slow consumer: the thread must wait at its window instead of piling texts up.
    if (pauseEvery > 0 && out.length % pauseEvery === 0) await new Promise((r) => setTimeout(r, 2));
  }
  return out;
};

describe("streamPayloads", () => {
  let log: LogHandle;
  eachTestWithTempLog((l) => (log = l));

  /** What one-by-one reads on this thread return, the reference for every other path. */
  const expected = (positions: ReadonlyArray<number>) => {
    const load = payloadLoader(log, OMIT);
    return positions.map((p) => {
      try {
        return load(p);
      } catch {
        return null;
      }
    });
  };

  it("reads ahead in a thread: the same texts in order, fields omitted, a missing position null", async () => {
    const positions = [...fill(log, 600), 999_999];
    const streamed = await collect(streamPayloads(log, positions, OMIT, { url: THREAD, windowKb: 64 }), 40);
    expect(streamed).toEqual(expected(positions));
    expect(streamed.at(-1)).toBeNull();
    const first = JSON.parse(streamed[0]!);
    expect(first.path).toBe("src/f0.ts");
    expect(first.chunks).toBeUndefined();
    expect(streamed.some((p) => p !== null && JSON.parse(p).text !== undefined)).toBe(true);
  });

  it("stops the thread when the reader stops early", async () => {
    const positions = fill(log, 400);
    const got: string[] = [];
    for await (const p of streamPayloads(log, positions, OMIT, { url: THREAD, windowKb: 16 })) {
      got.push(p!);
      if (got.length === 10) break;
    }
    expect(got).toEqual(expected(positions.slice(0, 10)));
  });

  it("reads on this thread when the thread cannot start or fails", async () => {
    const positions = fill(log, 300);
    const want = expected(positions);
    // No built entry (as from sources), a thread entry that does not exist, and one that throws at once.
    expect(await collect(streamPayloads(log, positions, OMIT, { url: null }))).toEqual(want);
    const missing = new URL("./no-such-thread.js", import.meta.url);
    expect(await collect(streamPayloads(log, positions, OMIT, { url: missing }))).toEqual(want);
    const broken = new URL("data:text/javascript,throw new Error('broken thread')");
    expect(await collect(streamPayloads(log, positions, OMIT, { url: broken }))).toEqual(want);
  });

  it("reads a few payloads on this thread without starting one", async () => {
    const positions = fill(log, 5);
    expect(await collect(streamPayloads(log, positions, OMIT))).toEqual(expected(positions));
  });
});
