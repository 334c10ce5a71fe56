import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { afterEach, beforeEach } from "vitest";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openEventLog, type LogHandle } from "../../src/events/index.js";

export const CHILDREN = resolve(import.meta.dirname, "children");
const DIST_EVENTS = resolve(import.meta.dirname, "..", "..", "dist", "events", "index.js");

/** Child processes run the compiled log (CI builds before testing); say so plainly when it is missing. */
export const requireBuild = (): void => {
  if (!existsSync(DIST_EVENTS)) throw new Error(`${DIST_EVENTS} is missing: run \`npm run build\` before these tests`);
};

export const tempLog = (): { path: string; open: () => LogHandle; cleanup: () => void } => {
  const dir = mkdtempSync(join(tmpdir(), "nemesis-log-"));
  const path = join(dir, "events.db");
  return { path, open: () => openEventLog(path), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
};

/** A fresh log for every test of the calling suite, closed and removed after it; `use` receives it. */
export const eachTestWithTempLog = (use: (log: LogHandle, path: string) => void): void => {
  let t: ReturnType<typeof tempLog>;
  let log: LogHandle;
  beforeEach(() => {
    t = tempLog();
    log = t.open();
    use(log, t.path);
  });
  afterEach(() => {
    log.db.close();
    t.cleanup();
  });
};
