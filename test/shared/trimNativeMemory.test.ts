import { describe, expect, it } from "vitest";
import { collectGarbage } from "../../src/shared/collectGarbage.js";
import { loadMallocTrim, nativeMemoryTrimmer, type MallocTrim } from "../../src/shared/trimNativeMemory.js";

const rssMb = () => process.memoryUsage.rss() / 1048576;

describe("nativeMemoryTrimmer", () => {
  it("loads malloc_trim on the first call only, and calls it with no padding each time", () => {
    let loads = 0;
    const pads: number[] = [];
    const trimmer = nativeMemoryTrimmer(
      (line) => expect.fail(`nothing to say when it loads: ${line}`),
      () => {
        loads++;
        return ((pad) => (pads.push(pad), 1)) satisfies MallocTrim;
      },
    );
    expect(loads).toBe(0);
    expect(trimmer.trim()._tag).toBe("Trimmed");
    expect(trimmer.trim()._tag).toBe("Trimmed");
    expect({ loads, pads }).toEqual({ loads: 1, pads: [0, 0] });
  });

  it("is a no-op where there is nothing to call, with one line only when that is a surprise", () => {
    const said: string[] = [];
    const broken = nativeMemoryTrimmer((l) => said.push(l), () => ({ reason: "koffi did not load (gone)", expected: false }));
    expect(broken.trim()).toEqual({ _tag: "Unavailable", reason: "koffi did not load (gone)" });
    expect(broken.trim()._tag).toBe("Unavailable");
    expect(said).toEqual(["freed native memory stays with the process: koffi did not load (gone)"]);

    const elsewhere = nativeMemoryTrimmer((l) => said.push(l), () => ({ reason: "darwin has no malloc_trim", expected: true }));
    expect(elsewhere.trim()._tag).toBe("Unavailable");
    expect(said).toHaveLength(1);
  });

  it.runIf(process.platform !== "linux")("says there is no malloc_trim off Linux without loading anything", () => {
    expect(loadMallocTrim()).toEqual({ reason: `${process.platform} has no malloc_trim`, expected: true });
  });

  // glibc only: musl has no malloc_trim, and its Node reports no glibc version.
  const glibc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
  it.runIf(process.platform === "linux" && glibc !== undefined)("gives back memory freed below memory still in use (glibc)", () => {
    expect(typeof loadMallocTrim()).toBe("function");
    // 64 KB buffers come from malloc (under its mmap threshold); the last one, kept, pins the
    // top of the heap, so the 128 MB freed beneath it stays with malloc until a trim.
    let buffers: Buffer[] | null = Array.from({ length: 2_048 }, () => Buffer.allocUnsafeSlow(65_536).fill(1));
    const kept = buffers[buffers.length - 1]!;
    const filled = rssMb();
    buffers = null;
    collectGarbage();
    const freed = rssMb();
    const outcome = nativeMemoryTrimmer(() => undefined).trim();
    expect(outcome._tag).toBe("Trimmed");
    const trimmed = rssMb();
    expect(kept[0]).toBe(1);
    expect(trimmed, `RSS filled ${filled.toFixed(0)}, freed ${freed.toFixed(0)}, trimmed ${trimmed.toFixed(0)} MB`).toBeLessThan(freed - 64);
  });
});
