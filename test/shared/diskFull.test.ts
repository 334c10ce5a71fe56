import Database from "better-sqlite3";
import * as Effect from "effect/Effect";
import { existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { EventLogError, VersionConflict } from "../../src/events/index.js";
import { GraphStoreError } from "../../src/projections/graph/KuzuStore.js";
import { asDiskFull, DiskFull, isDiskFullError, requireSpace } from "../../src/shared/diskFull.js";

const sqliteError = (message: string, code: string): Error => new Database.SqliteError(message, code);

/** What each store says when the disk is full, as it reaches us (a thread's or a wrapper's text included). */
const FULL: ReadonlyArray<[string, unknown]> = [
  ["Node's errno", Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", syscall: "write" })],
  ["a quota used up", Object.assign(new Error("EDQUOT: disk quota exceeded, write"), { code: "EDQUOT" })],
  ["SQLite (better-sqlite3)", sqliteError("database or disk is full", "SQLITE_FULL")],
  ["SQLite's text, its code lost across a thread", new Error("chunks projector thread: SqliteError: database or disk is full\n    at ...")],
  ["LanceDB", new Error("lance error: LanceError(IO): No space left on device (os error 28), /usr/local/cargo/registry/src/lance-file-10.0.0/src/writer.rs:362:9")],
  ["LanceDB over a quota", new Error("lance error: LanceError(IO): Disk quota exceeded (os error 122)")],
  ["Kuzu, through the graph store", new GraphStoreError({ path: "/p/.nemesis/graph.kuzu", reason: "IO exception: Cannot write to file. path: /p/.nemesis/graph.kuzu fileDescriptor: 18 offsetToWrite: 4096 numBytesToWrite: 4096 numBytesWritten: -1. Error: No space left on device (in: COMMIT)" })],
  ["the log's own error", new EventLogError({ reason: "database or disk is full" })],
  ["a cause inside another error", new Error("the graph projector failed", { cause: sqliteError("database or disk is full", "SQLITE_FULL") })],
  ["one of several", new AggregateError([new Error("fine"), Object.assign(new Error("no space"), { code: "ENOSPC" })], "two failures")],
  ["our own refusal", new DiskFull({ path: "/p/.nemesis", freeBytes: 0, neededBytes: 10 })],
  ["plain text", "No space left on device"],
];

const NOT_FULL: ReadonlyArray<[string, unknown]> = [
  ["permission denied", Object.assign(new Error("EACCES: permission denied, open '/p/x'"), { code: "EACCES" })],
  ["a busy database", sqliteError("database is locked", "SQLITE_BUSY")],
  ["a corrupt database", sqliteError("database disk image is malformed", "SQLITE_CORRUPT")],
  ["Kuzu's lock", new GraphStoreError({ path: "/p/g.kuzu", reason: "IO exception: Could not set lock on file" })],
  ["Kuzu's checkpoint wait", new GraphStoreError({ path: "/p/g.kuzu", reason: "Timeout waiting for active transactions to leave the system before checkpointing." })],
  ["a version conflict", new VersionConflict({ stream: "rule:r1", expected: 1, actual: 2 })],
  ["a bug", new TypeError("cannot read properties of undefined (reading 'disk')")],
  ["nothing", undefined],
  ["null", null],
];

describe("isDiskFullError: every store's 'no space' is one failure", () => {
  it.each(FULL)("%s is a full disk", (_, error) => {
    expect(isDiskFullError(error)).toBe(true);
  });

  it.each(NOT_FULL)("%s is not", (_, error) => {
    expect(isDiskFullError(error)).toBe(false);
  });

  it("reads through Effect's FiberFailure (a command that died on its append)", async () => {
    const failure = await Effect.runPromise(Effect.die(sqliteError("database or disk is full", "SQLITE_FULL"))).catch((e: unknown) => e);
    expect(isDiskFullError(failure)).toBe(true);
  });

  it.runIf(existsSync("/dev/full"))("recognises a real ENOSPC (a write to /dev/full)", () => {
    let error: unknown;
    try {
      writeFileSync("/dev/full", "x");
    } catch (e) {
      error = e;
    }
    expect(isDiskFullError(error)).toBe(true);
  });
});

describe("asDiskFull: one typed error with the place and the next step", () => {
  it("names the folder of the file Node was writing, else the folder it is told", () => {
    const node = Object.assign(new Error("ENOSPC: no space left on device, open '/mnt/p/.nemesis/logs/serve.log'"), { code: "ENOSPC", path: "/mnt/p/.nemesis/logs/serve.log" });
    expect(asDiskFull(node, "/mnt/p/.nemesis")?.path).toBe("/mnt/p/.nemesis/logs");
    expect(asDiskFull(sqliteError("database or disk is full", "SQLITE_FULL"), "/mnt/p/.nemesis")?.path).toBe("/mnt/p/.nemesis");
  });

  it("says what happened, where, and what to do, in one line", () => {
    const full = asDiskFull(sqliteError("database or disk is full", "SQLITE_FULL"), tmpdir(), "run `nemesis index` again")!;
    expect(full).toBeInstanceOf(DiskFull);
    expect(full._tag).toBe("DiskFull");
    expect(full.message).not.toContain("\n");
    expect(full.message).toMatch(/^the disk is full: no room to write in /);
    expect(full.message).toContain(tmpdir());
    expect(full.message).toMatch(/\d(\.\d)? MB left/);
    expect(full.message).toContain("Free some space on that disk");
    expect(full.message).toContain("then run `nemesis index` again");
    expect(full.message).toContain("every event recorded so far is kept");
  });

  it("keeps a DiskFull raised deeper (its place and the room it needed), only changing the next step", () => {
    const deep = new DiskFull({ path: "/p/.nemesis", freeBytes: 1024 * 1024, neededBytes: 26 * 1024 * 1024 });
    const found = asDiskFull(new Error("graph failed", { cause: deep }), "/elsewhere", "call index_project again")!;
    expect(found.path).toBe("/p/.nemesis");
    expect(found.message).toContain("(1.0 MB left, about 26 MB needed)");
    expect(found.message).toContain("then call index_project again");
  });

  it("is null for anything else", () => {
    for (const [, error] of NOT_FULL) expect(asDiskFull(error, "/p")).toBeNull();
  });

  it("requireSpace refuses a write larger than the room left, before it starts", () => {
    expect(() => requireSpace(tmpdir(), 0)).not.toThrow();
    let refused: unknown;
    try {
      requireSpace(tmpdir(), Number.MAX_SAFE_INTEGER);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(DiskFull);
    expect((refused as DiskFull).neededBytes).toBe(Number.MAX_SAFE_INTEGER);
  });
});
