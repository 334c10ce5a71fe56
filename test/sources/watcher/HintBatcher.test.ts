import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HintBatcher, type Hints } from "../../../src/sources/watcher/index.js";

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const batcher = () => {
  const taken: Hints[] = [];
  const b = new HintBatcher({ quietMs: 100, maxWaitMs: 2_000, onBatch: (h) => taken.push(h) });
  return { b, taken, files: () => taken.map((h) => [...h.files].sort()) };
};

describe("HintBatcher: file events into batches", () => {
  it("takes a batch once the events have been quiet for quietMs", () => {
    const { b, files } = batcher();
    b.file("a.py");
    vi.advanceTimersByTime(60);
    b.file("b.py");
    vi.advanceTimersByTime(99);
    expect(files()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(files()).toEqual([["a.py", "b.py"]]);
    expect(b.pendingSince).toBeNull();
  });

  it("takes a batch after maxWaitMs even while events keep coming", () => {
    const { b, files } = batcher();
    for (let t = 0; t < 2_500; t += 10) {
      b.file(t < 1_000 ? "gen.py" : "later.py");
      vi.advanceTimersByTime(10);
    }
    expect(files()).toEqual([["gen.py", "later.py"]]);
    vi.advanceTimersByTime(100);
    expect(files()).toEqual([["gen.py", "later.py"], ["later.py"]]);
  });

  it("says whether a batch was taken in the middle of a burst (at the cap, events still coming) or after it", () => {
    const { b, taken } = batcher();
    for (let t = 0; t < 2_500; t += 10) {
      b.file(`f${t}.py`);
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(100);
    expect(taken.map((h) => h.midBurst)).toEqual([true, false]);
  });

  it("marks a batch that touches a .gitignore, and keeps removed folders apart", () => {
    const { b, taken } = batcher();
    b.file("src/.gitignore");
    b.goneDir("old");
    vi.advanceTimersByTime(100);
    b.file("x.gitignore");
    vi.advanceTimersByTime(100);
    expect(taken.map((h) => ({ rules: h.rulesChanged, dirs: [...h.goneDirs] }))).toEqual([
      { rules: true, dirs: ["old"] },
      { rules: false, dirs: [] },
    ]);
  });
});
