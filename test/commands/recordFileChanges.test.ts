import { renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordFileChanges } from "../../src/commands/recordFileChanges.js";
import { decideFileChanges } from "../../src/commands/decideFileChanges.js";
import { readKnownFiles } from "../../src/commands/readKnownFiles.js";
import { scanProject } from "../../src/sources/scan/index.js";
import { appendToStreams, closeEventLog, headPosition, type LogHandle, openEventLog, readEvents } from "../../src/events/index.js";
import { removeDir, SCAN_DEFAULTS, tempDir, write } from "../sources/scan/helpers.js";

let root: string;
let logDir: string;
let log: LogHandle;
const meta = { source: "test" as const };

beforeEach(() => {
  root = tempDir();
  logDir = tempDir("nemesis-log-");
  log = openEventLog(join(logDir, "events.db"));
});
afterEach(() => {
  closeEventLog(log);
  removeDir(root);
  removeDir(logDir);
});

const index = async () => recordFileChanges(log, await scanProject(root, SCAN_DEFAULTS), { meta });
const appended = (after: number) => readEvents(log, { after }).map((e) => `${e.type} ${e.stream}`);
const head = () => headPosition(log);

describe("recordFileChanges: given the log, when a scan is recorded, then only differences are appended", () => {
  it("records every file on first sight, and nothing when nothing changed", async () => {
    write(root, "a.ts", "export const a = 1;\n");
    write(root, "b.py", "b = 2\n");
    const first = await index();
    expect(first).toMatchObject({ changed: 2, deleted: 0, unchanged: 0 });
    expect(appended(0)).toEqual(["FileChanged file:a.ts", "FileChanged file:b.py"]);
    const h = head();
    const again = await index();
    expect(again).toMatchObject({ changed: 0, deleted: 0, newlySkipped: 0, unchanged: 2, lastPosition: 0 });
    expect(head()).toBe(h);
  });

  it("an edit appends one FileChanged; touching a file without changing it appends nothing", async () => {
    write(root, "a.ts", "export const a = 1;\n");
    write(root, "b.ts", "export const b = 1;\n");
    await index();
    const h = head();
    writeFileSync(join(root, "b.ts"), "export const b = 1;\n"); // new mtime, same bytes
    writeFileSync(join(root, "a.ts"), "export const a = 2;\n");
    await index();
    expect(appended(h)).toEqual(["FileChanged file:a.ts"]);
  });

  it("a deletion appends FileDeleted; a rename appends a delete and a change", async () => {
    write(root, "a.ts", "export const a = 1;\n");
    write(root, "b.ts", "export const b = 1;\n");
    await index();
    let h = head();
    unlinkSync(join(root, "b.ts"));
    await index();
    expect(appended(h)).toEqual(["FileDeleted file:b.ts"]);
    h = head();
    renameSync(join(root, "a.ts"), join(root, "c.ts"));
    const r = await index();
    expect(r).toMatchObject({ changed: 1, deleted: 1 });
    expect(appended(h).sort()).toEqual(["FileChanged file:c.ts", "FileDeleted file:a.ts"]);
    expect([...readKnownFiles(log).values()].map((k) => `${k.path} ${k.state}`).sort()).toEqual([
      "a.ts deleted",
      "b.ts deleted",
      "c.ts changed",
    ]);
  });

  it("a skip is recorded once per reason; an indexed file that becomes skippable is dropped first", async () => {
    write(root, "a.ts", "export const a = 1;\n");
    write(root, "bin.ts", Buffer.from([0, 1, 2, 3]));
    await index();
    let h = head();
    await index();
    expect(appended(h)).toEqual([]);
    writeFileSync(join(root, "a.ts"), Buffer.from([0, 1, 2]));
    await index();
    expect(appended(h)).toEqual(["FileDeleted file:a.ts", "FileSkipped file:a.ts"]);
    h = head();
    writeFileSync(join(root, "a.ts"), "export const a = 3;\n");
    await index();
    expect(appended(h)).toEqual(["FileChanged file:a.ts"]);
  });

  it("a stream another writer moved on is re-read, not overwritten or duplicated", async () => {
    write(root, "a.ts", "export const a = 1;\n");
    await index();
    writeFileSync(join(root, "a.ts"), "export const a = 2;\n");
    const scan = await scanProject(root, SCAN_DEFAULTS);
    // A hook records the same edit between our read of the log and our append.
    const stale = readKnownFiles(log);
    const decisions = decideFileChanges(stale, scan);
    expect(decisions).toHaveLength(1);
    const hook = appendToStreams(log, [
      { stream: "file:a.ts", expectedVersion: 1, events: [{ type: "FileChanged", data: decisions[0]!.events[0]!.data, meta: { source: "hook" } }] },
    ]);
    expect(hook).not.toBeInstanceOf(Error);
    const h = head();
    const r = recordFileChanges(log, scan, { meta, known: stale });
    expect(r.changed).toBe(0);
    expect(head()).toBe(h);
  });

  it("with a scope, only files under it can be deleted", async () => {
    write(root, "a/x.ts", "export {};\n");
    write(root, "b/y.ts", "export {};\n");
    await index();
    const h = head();
    const partial = await scanProject(join(root, "a"), SCAN_DEFAULTS);
    const files = partial.files.map((f) => ({ ...f, path: `a/${f.path}` }));
    recordFileChanges(log, { files, skipped: [], scope: "a" }, { meta });
    expect(appended(h)).toEqual([]);
  });
});
