import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  appendToStreams,
  closeEventLog,
  EventLogDamaged,
  headPosition,
  logDamage,
  openEventLog,
  readEvents,
  type LogHandle,
  type NewEvent,
} from "../../src/events/index.js";
import { damageFile } from "../projections/damage/damageFile.js";

/**
 * The log is the one file nothing rebuilds: a damaged one is reported with what a person can
 * do, and left exactly as it is. (A torn or damaged WAL SQLite recovers by itself, dropping the
 * transactions from the damage on: test/engine/damagedReadModels.test.ts, "the log lost".)
 */

const meta = { source: "test" as const };
const changed = (i: number): NewEvent => ({
  type: "FileChanged",
  data: { path: `f${i}.ts`, contentHash: `h${i}-${"x".repeat(2000)}`, size: 1, mtime: 1, language: null },
  meta,
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "nemesis-damaged-log-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A log of `n` events, one transaction each, written into `at` and closed (everything in the file itself). */
const closedLog = (at: string, n: number): string => {
  const path = join(at, "events.db");
  const log = openEventLog(path);
  for (let i = 1; i <= n; i++) appendToStreams(log, [{ stream: `file:f${i}.ts`, expectedVersion: "any", events: [changed(i)] }]);
  closeEventLog(log);
  return path;
};

const sha = (path: string): string => createHash("sha256").update(readFileSync(path)).digest("hex");

/** Every event the log holds, read from first to last: the log is whole up to its head. */
const readable = (log: LogHandle): number => readEvents(log, { after: 0, before: headPosition(log) + 1 }).length;

describe("a damaged events.db", () => {
  test.each(["header", "truncate"] as const)("(%s) is reported with what to do, and neither opened for writing nor changed", (damage) => {
    const path = closedLog(dir, 20);
    damageFile(path, damage);
    const before = sha(path);
    let failure: unknown;
    try {
      openEventLog(path);
    } catch (e) {
      failure = e;
    }
    expect(failure).toBeInstanceOf(EventLogDamaged);
    const message = (failure as Error).message;
    expect(message).toContain(`${path} is damaged (`);
    expect(message).toContain("Nemesis leaves it exactly as it is");
    expect(message).toContain(`sqlite3 -readonly ${path} .recover > events.sql`);
    expect(message).toContain("nemesis replay");
    expect(message.split("\n")).toHaveLength(1);
    expect(sha(path)).toBe(before);
    expect(readdirSync(dir).sort()).toEqual(["events.db"]);
  });

  test("damaged inside a page opens, and the read that meets the damage is told apart from any other failure", () => {
    const path = closedLog(dir, 40);
    damageFile(path, "pages");
    const log = openEventLog(path);
    try {
      let failure: unknown;
      try {
        readable(log);
      } catch (e) {
        failure = e;
      }
      expect(logDamage(log, failure)).toBeInstanceOf(EventLogDamaged);
      expect(logDamage(log, new Error("something else"))).toBeNull();
    } finally {
      closeEventLog(log);
    }
  });
});
