import { describe, expect, it } from "vitest";
import { dueIn, takeHints, withFile, withGoneDir, type PendingHints } from "../../../src/sources/watcher/pendingHints.js";

const debounce = { quietMs: 100, maxWaitMs: 2_000 };

/** Events in order, each `[path, at]`; a path ending in `/` is a removed folder. */
const pendingOf = (events: ReadonlyArray<readonly [string, number]>): PendingHints =>
  events.reduce<PendingHints | null>((p, [path, at]) => (path.endsWith("/") ? withGoneDir(p, path.slice(0, -1), at) : withFile(p, path, at)), null)!;

/** The rules the watcher's reducer batches file events by, as pure functions. */
describe("pending hints: file events into one batch", () => {
  it("keeps each path once, in the order first seen; removed folders apart; a .gitignore anywhere marks the batch", () => {
    const hints = takeHints(pendingOf([["b.py", 0], ["src/.gitignore", 1], ["old/", 2], ["b.py", 3], ["a.py", 4]]), 200, debounce);
    expect({ files: [...hints.files], dirs: [...hints.goneDirs], rules: hints.rulesChanged, since: hints.since }).toEqual({
      files: ["b.py", "src/.gitignore", "a.py"],
      dirs: ["old"],
      rules: true,
      since: 0,
    });
    expect(takeHints(pendingOf([["x.gitignore", 0]]), 200, debounce).rulesChanged).toBe(false);
  });

  it("is due after the quiet period, never later than maxWaitMs after its first event; taken early, it is mid-burst", () => {
    expect(dueIn(pendingOf([["a.py", 0]]), 0, debounce)).toBe(100);
    expect(dueIn(pendingOf([["gen.py", 0], ["gen.py", 1_950]]), 1_950, debounce)).toBe(50);
    const burst = pendingOf([["gen.py", 0], ["gen.py", 1_990]]);
    expect(takeHints(burst, 2_000, debounce).midBurst).toBe(true);
    expect(takeHints(burst, 2_090, debounce).midBurst).toBe(false);
  });
});
