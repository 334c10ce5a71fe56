import { describe, expect, it } from "vitest";
import type { Hints } from "../../../src/sources/watcher/pendingHints.js";
import {
  initialWatcher,
  lookAgainLater,
  MISSING_IN_BURST_MS,
  reduceWatcher,
  type WatcherEffect,
  type WatcherEvent,
  type WatcherModel,
} from "../../../src/sources/watcher/watcherReducer.js";

const settings = { quietMs: 100, maxWaitMs: 2_000, pollMs: 5_000 };

/** Every event applied in order from a fresh watcher: the final model and each event's effects. */
const play = (events: ReadonlyArray<WatcherEvent>, from: WatcherModel = initialWatcher(settings)) => {
  let model = from;
  const effects: WatcherEffect[][] = [];
  for (const event of events) {
    const step = reduceWatcher(model, event);
    model = step.model;
    effects.push([...step.effects]);
  }
  return { model, effects };
};

const file = (path: string, now: number, event = "change", quiet = false): WatcherEvent => ({ tag: "FileEvent", event, path, quiet, now });
const hints = (files: string[], over: Partial<Hints> = {}): Hints => ({ files: new Set(files), goneDirs: new Set(), rulesChanged: false, since: 0, midBurst: false, ...over });
const taken = (effects: ReadonlyArray<WatcherEffect>) => effects.flatMap((e) => (e.tag === "RunBatch" ? [e.hints] : []));
const tags = (effects: ReadonlyArray<WatcherEffect>) => effects.map((e) => e.tag);

describe("the watcher's reducer: file events into batches", () => {
  it.each([
    // [events (path, ms), when the batch is due after the last event, as the timer would be armed]
    { name: "one save", events: [["a.py", 0]], due: [100] },
    { name: "a burst: each event pushes the batch back by the quiet period", events: [["a.py", 0], ["b.py", 60]], due: [100, 100] },
    { name: "a generator: never later than maxWaitMs after the first event", events: [["gen.py", 0], ["gen.py", 1_950], ["gen.py", 1_990]], due: [100, 50, 10] },
  ])("arms the batch timer: $name", ({ events, due }) => {
    const { effects } = play(events.map(([p, t]) => file(p as string, t as number)));
    expect(effects.map((e) => e.flatMap((x) => (x.tag === "ScheduleBatch" ? [x.delayMs] : [])))).toEqual(due.map((d) => [d]));
  });

  it("takes the events as one batch when it is due, in the order they came, marked mid-burst when one came within the quiet period", () => {
    const { model, effects } = play([
      file("b.py", 0),
      file("a.py", 10),
      file("b.py", 20),
      { tag: "FileEvent", event: "unlinkDir", path: "old", quiet: false, now: 30 },
      { tag: "BatchDue", now: 80 },
    ]);
    const [batch] = taken(effects.at(-1)!);
    expect({ files: [...batch!.files], dirs: [...batch!.goneDirs], since: batch!.since, midBurst: batch!.midBurst }).toEqual({
      files: ["b.py", "a.py"],
      dirs: ["old"],
      since: 0,
      midBurst: true,
    });
    expect(model.pending).toBeNull();
    expect(taken(play([file("a.py", 0), { tag: "BatchDue", now: 100 }]).effects.at(-1)!)[0]!.midBurst).toBe(false);
  });

  it.each([
    { event: "add", path: "a.py", effects: ["ScheduleBatch", "FileHint"] },
    { event: "change", path: "a.py", effects: ["ScheduleBatch", "FileHint"] },
    // A deleted file is nothing to parse ahead, nor is a .gitignore.
    { event: "unlink", path: "a.py", effects: ["ScheduleBatch"] },
    { event: "change", path: "src/.gitignore", effects: ["ScheduleBatch"] },
    { event: "unlinkDir", path: "src", effects: ["ScheduleBatch"] },
    // A new folder's files come as their own events.
    { event: "addDir", path: "src", effects: [] },
  ])("a chokidar $event of $path gives $effects", ({ event, path, effects }) => {
    expect(tags(play([file(path, 0, event)]).effects[0]!)).toEqual(effects);
  });

  it("starts the lag on the first event after a quiet spell: traced and saved for other processes", () => {
    expect(tags(play([file("a.py", 0, "change", true)]).effects[0]!)).toEqual(["ScheduleBatch", "FileHint", "Trace", "Save"]);
  });

  it("ignores events once stopped, and cancels the batch timer when it stops", () => {
    const { model, effects } = play([file("a.py", 0), { tag: "Stop" }, file("b.py", 10), { tag: "Stop" }]);
    expect(effects.slice(1).map(tags)).toEqual([["CancelBatch"], [], []]);
    expect(model.stopped).toBe(true);
  });
});

describe("the watcher's reducer: a batch's turn", () => {
  it.each([
    { name: "an ordinary batch is recorded", batch: hints(["a.py"]), effect: { tag: "Record", lookAgain: false } },
    { name: "a batch taken mid-burst may look at missing files again", batch: hints(["a.py"], { midBurst: true }), effect: { tag: "Record", lookAgain: true } },
    { name: "a .gitignore change after the burst rescans from the batch's first event", batch: hints([".gitignore"], { rulesChanged: true, since: 7 }), effect: { tag: "Rescan", since: 7 } },
    { name: "a .gitignore change mid-burst waits for the burst to end", batch: hints([".gitignore", "a.py"], { rulesChanged: true, midBurst: true }), effect: { tag: "SkipBatch" } },
  ])("$name", ({ batch, effect }) => {
    const { effects } = play([{ tag: "BatchStarted", hints: batch, now: 1_000 }]);
    expect(effects[0]![0]).toMatchObject(effect);
  });

  it("puts a .gitignore change held back mid-burst back with the pending events, and rescans once it has waited MISSING_IN_BURST_MS", () => {
    const rules = hints([".gitignore", "a.py"], { rulesChanged: true, midBurst: true });
    const held = play([file("b.py", 900), { tag: "BatchStarted", hints: rules, now: 1_000 }]);
    expect(tags(held.effects[1]!)).toEqual(["SkipBatch", "ScheduleBatch"]);
    const again = play([{ tag: "BatchDue", now: 1_100 }], held.model);
    expect([...taken(again.effects[0]!)[0]!.files]).toEqual(["b.py", ".gitignore", "a.py"]);
    const late = play([{ tag: "BatchStarted", hints: rules, now: 1_000 + MISSING_IN_BURST_MS + 1 }], held.model);
    expect(late.effects[0]).toEqual([{ tag: "Rescan", since: 0 }]);
    expect(late.model.rulesWaitSince).toBeNull();
  });

  it("skips a batch whose turn comes after the watcher stopped", () => {
    expect(play([{ tag: "Stop" }, { tag: "BatchStarted", hints: hints(["a.py"]), now: 0 }]).effects[1]).toEqual([{ tag: "SkipBatch" }]);
  });
});

describe("the watcher's reducer: files missing in the middle of a burst", () => {
  it("looks at a missing file again until MISSING_IN_BURST_MS after it was first found missing", () => {
    const since = new Map([["gone.py", 1_000]]);
    expect([lookAgainLater(since, "new.py", 5_000), lookAgainLater(since, "gone.py", 1_000 + MISSING_IN_BURST_MS), lookAgainLater(since, "gone.py", 1_001 + MISSING_IN_BURST_MS)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("remembers when a deferred path was first missing, looks at it again in a later batch, and forgets it once recorded", () => {
    const recorded = (files: string[], deferred: string[], checkedAt: number): WatcherEvent => ({
      tag: "BatchRecorded",
      hints: hints(files, { midBurst: true }),
      changed: files.length - deferred.length,
      deleted: 0,
      deferred,
      checkedAt,
      now: checkedAt + 5,
    });
    const first = play([recorded(["a.py", "b.py"], ["b.py"], 1_000)]);
    expect([...first.model.missingSince]).toEqual([["b.py", 1_000]]);
    expect(first.effects[0]).toEqual([
      { tag: "ScheduleBatch", delayMs: 100 },
      { tag: "Trace", name: "Watcher.recorded", detail: "1 changed, 0 deleted, 1 missing looked at later" },
    ]);
    const second = play([recorded(["b.py"], ["b.py"], 3_000)], first.model);
    expect([...second.model.missingSince]).toEqual([["b.py", 1_000]]);
    const third = play([recorded(["b.py"], [], 12_000)], second.model);
    expect([...third.model.missingSince]).toEqual([]);
    expect(tags(third.effects[0]!)).toEqual(["Trace"]);
  });
});

describe("the watcher's reducer: failures", () => {
  it("warns once per chokidar error code, and falls back to scanning once when the system gives no more watches", () => {
    const { model, effects } = play([
      { tag: "WatchError", code: "EACCES", message: "EACCES: permission denied", limit: false },
      { tag: "WatchError", code: "EACCES", message: "EACCES: permission denied", limit: false },
      { tag: "WatchError", code: "ENOSPC", message: "ENOSPC", limit: true },
      { tag: "WatchError", code: "ENOSPC", message: "ENOSPC", limit: true },
    ]);
    expect(effects.map(tags)).toEqual([["Warn"], [], ["FallBackToScans", "Warn"], []]);
    expect(model.mode).toBe("polling");
    expect(model.warning).toMatch(/no more file watches \(ENOSPC\): scanning for changes every 5 s instead/);
  });

  it("warns of a failed batch and schedules a scan to repair it after poll_ms", () => {
    const { model, effects } = play([{ tag: "BatchFailed", hints: hints(["a.py", "b.py"]), message: "disk full" }]);
    expect(effects[0]).toEqual([
      { tag: "Warn", message: "recording 2 changed paths failed (disk full); a scan repairs it" },
      { tag: "ScheduleScan", delayMs: 5_000 },
    ]);
    expect(model.warning).toBe("recording 2 changed paths failed (disk full); a scan repairs it");
  });

  it("says which scan failed", () => {
    const { effects } = play([
      { tag: "ScanFailed", message: "EIO", first: true },
      { tag: "ScanFailed", message: "EIO", first: false },
    ]);
    expect(effects.flat()).toEqual([
      { tag: "Warn", message: "the first reconciliation scan failed (EIO); the next one retries" },
      { tag: "Warn", message: "the reconciliation scan failed (EIO); the next one retries" },
    ]);
  });

  it("moves from starting to events once they flow, but never out of polling", () => {
    expect(play([{ tag: "Flowing" }]).model.mode).toBe("events");
    expect(play([{ tag: "WatchError", code: "EMFILE", message: "EMFILE", limit: true }, { tag: "Flowing" }]).model.mode).toBe("polling");
  });
});
