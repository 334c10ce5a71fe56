import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as Either from "effect/Either";
import { afterEach, describe, expect, it } from "vitest";
import { acquireEngineLock, engineLockHolder, EngineLockHeld } from "../../src/engine/index.js";
import { startChild } from "../child.js";
import { removeDir, tempDir } from "../sources/scan/helpers.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) removeDir(d);
});
const lockPath = () => {
  const d = tempDir("nemesis-lock-");
  dirs.push(d);
  return join(d, "engine.lock");
};

describe("engine lock", () => {
  it("is exclusive while held and free again after release", () => {
    const path = lockPath();
    const first = acquireEngineLock(path);
    expect(Either.isRight(first)).toBe(true);
    expect(JSON.parse(readFileSync(path, "utf8")).pid).toBe(process.pid);
    const second = acquireEngineLock(path);
    expect(Either.isLeft(second) && second.left).toBeInstanceOf(EngineLockHeld);
    expect(Either.isLeft(second) && second.left.message).toContain(`pid ${process.pid}`);
    expect(Either.isLeft(second) && second.left.message).toContain(`kill ${process.pid}`);
    Either.getOrThrow(first).release();
    expect(existsSync(path)).toBe(false);
    const third = acquireEngineLock(path);
    expect(Either.isRight(third)).toBe(true);
    Either.getOrThrow(third).release();
  });

  it("names a live holder in another process, and takes over once that process is dead", async () => {
    const path = lockPath();
    const child = startChild(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { name: "a sleeping process" });
    const pid = child.pid!;
    writeFileSync(path, JSON.stringify({ pid, host: "h", startedAt: "t" }));
    expect(engineLockHolder(path)).toBe(pid);
    const held = acquireEngineLock(path);
    expect(Either.isLeft(held) && held.left.pid).toBe(pid);
    child.kill("SIGKILL");
    await child.exit();
    expect(engineLockHolder(path)).toBe(null);
    const taken = acquireEngineLock(path);
    expect(Either.isRight(taken)).toBe(true);
    expect(JSON.parse(readFileSync(path, "utf8")).pid).toBe(process.pid);
    Either.getOrThrow(taken).release();
  });

  it("treats a garbled lock file as stale", () => {
    const path = lockPath();
    writeFileSync(path, "{ half-writ");
    const taken = acquireEngineLock(path);
    expect(Either.isRight(taken)).toBe(true);
    Either.getOrThrow(taken).release();
  });
});
