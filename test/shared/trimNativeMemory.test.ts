import { describe, expect, it } from "vitest";
import { collectGarbage } from "../../src/shared/collectGarbage.js";
import { loadMallocTrim, nativeMemoryTrimmer, type MallocTrim, type TrimOutcome } from "../../src/shared/trimNativeMemory.js";

const rssMb = () => process.memoryUsage.rss() / 1048576;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A malloc_trim that records its calls, and a trimmer over it that says nothing. */
const counting = (intervalMs: number) => {
  const calls = { loads: 0, pads: [] as number[] };
  const trimmed: TrimOutcome[] = [];
  const trimmer = nativeMemoryTrimmer(
    (line) => expect.fail(`nothing to say when it loads: ${line}`),
    (t) => trimmed.push(t),
    () => {
      calls.loads++;
      return (async (pad) => (calls.pads.push(pad), 1)) satisfies MallocTrim;
    },
    intervalMs,
  );
  return { calls, trimmed, trimmer };
};

describe("nativeMemoryTrimmer", () => {
  it("loads malloc_trim on the first request only, and trims at most once an interval under requests", async () => {
    const { calls, trimmed, trimmer } = counting(300);
    expect(calls.loads).toBe(0);
    trimmer.request();
    await sleep(20);
    expect(calls).toEqual({ loads: 1, pads: [0] });
    expect(trimmed[0]).toMatchObject({ _tag: "Trimmed" });
    // Within the interval: one trim, once it is up, however many ask.
    trimmer.request();
    trimmer.request();
    await sleep(20);
    expect(calls.pads).toHaveLength(1);
    await sleep(400);
    expect(calls.pads).toHaveLength(2);
    await trimmer.stop();
  });

  it("trims at once when the server is at rest, whatever the interval", async () => {
    const { calls, trimmer } = counting(60_000);
    trimmer.request(true);
    await sleep(20);
    trimmer.request();
    trimmer.request(true);
    await sleep(20);
    expect(calls.pads).toEqual([0, 0]);
    // stop drops the trim the plain request scheduled.
    await trimmer.stop();
  });

  it("is a no-op where there is nothing to call, with one line only when that is a surprise", async () => {
    const said: string[] = [];
    let loads = 0;
    const broken = nativeMemoryTrimmer(
      (l) => said.push(l),
      () => expect.fail("nothing was trimmed"),
      () => (loads++, { reason: "koffi did not load (gone)", expected: false }),
      0,
    );
    broken.request(true);
    broken.request(true);
    broken.request();
    await sleep(20);
    expect({ loads, said }).toEqual({ loads: 1, said: ["freed native memory stays with the process: koffi did not load (gone)"] });

    const elsewhere = nativeMemoryTrimmer((l) => said.push(l), undefined, () => ({ reason: "darwin has no malloc_trim", expected: true }));
    elsewhere.request(true);
    await sleep(20);
    expect(said).toHaveLength(1);
  });

  it.runIf(process.platform !== "linux")("says there is no malloc_trim off Linux without loading anything", () => {
    expect(loadMallocTrim()).toEqual({ reason: `${process.platform} has no malloc_trim`, expected: true });
  });

  // glibc only: musl has no malloc_trim, and its Node reports no glibc version.
  const glibc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
  it.runIf(process.platform === "linux" && glibc !== undefined)("gives back memory freed below memory still in use (glibc)", async () => {
    expect(typeof loadMallocTrim()).toBe("function");
    // 64 KB buffers come from malloc (under its mmap threshold); the last one, kept, pins the
    // top of the heap, so the 128 MB freed beneath it stays with malloc until a trim.
    let buffers: Buffer[] | null = Array.from({ length: 2_048 }, () => Buffer.allocUnsafeSlow(65_536).fill(1));
    const kept = buffers[buffers.length - 1]!;
    buffers = null;
    collectGarbage();
    const freed = rssMb();
    const outcome = await new Promise<TrimOutcome>((resolve) => nativeMemoryTrimmer(() => undefined, resolve).request(true));
    const trimmed = rssMb();
    expect(kept[0]).toBe(1);
    expect(outcome._tag).toBe("Trimmed");
    expect(trimmed, `RSS freed ${freed.toFixed(0)}, trimmed ${trimmed.toFixed(0)} MB`).toBeLessThan(freed - 64);
  });
});
