import * as Data from "effect/Data";
import * as Either from "effect/Either";
import { renameSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { isAlive, readLock, type LockContent } from "./engineOwner.js";

/** Another live process owns the project's read models. */
export class EngineLockHeld extends Data.TaggedError("EngineLockHeld")<{ readonly pid: number; readonly path: string }> {
  override get message(): string {
    return `another Nemesis engine (pid ${this.pid}) owns this project's read models (${this.path}); stop it with \`kill ${this.pid}\` (or close the editor running \`nemesis serve\`) and retry`;
  }
}

export interface EngineLock {
  readonly path: string;
  /** Removes the lock if it is still ours; safe to call twice. */
  release(): void;
}

// Who holds the lock lives apart (no schema library there): hooks ask it on every start.
export { engineLockHolder, engineOwner } from "./engineOwner.js";

/**
 * Takes `.nemesis/engine.lock` (exclusive create, holding our pid). A lock left by a dead
 * process is taken over; one held by a live process is an `EngineLockHeld` naming it. An
 * unreadable or half-written lock counts as stale. The lock is released on process exit too.
 */
export const acquireEngineLock = (path: string, options: { readonly socket?: string } = {}): Either.Either<EngineLock, EngineLockHeld> => {
  const mine: LockContent = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), ...(options.socket ? { socket: options.socket } : {}) };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(mine), { flag: "wx" });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const holder = readLock(path);
      if (holder && isAlive(holder.pid)) {
        return Either.left(new EngineLockHeld({ pid: holder.pid, path }));
      }
      // Stale: move it aside atomically (two takers cannot both succeed), then retry the create.
      try {
        renameSync(path, `${path}.stale-${process.pid}`);
        unlinkSync(`${path}.stale-${process.pid}`);
      } catch {
        /* someone else took it over first: retry decides */
      }
      continue;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.removeListener("exit", release);
      if (readLock(path)?.pid === process.pid) {
        try {
          unlinkSync(path);
        } catch {
          /* already gone */
        }
      }
    };
    process.on("exit", release);
    return Either.right({ path, release });
  }
  const holder = readLock(path);
  return Either.left(new EngineLockHeld({ pid: holder?.pid ?? 0, path }));
};
