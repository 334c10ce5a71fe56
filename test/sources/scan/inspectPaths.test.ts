import { readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordFileChanges } from "../../../src/commands/recordFileChanges.js";
import { readKnownFiles } from "../../../src/commands/readKnownFiles.js";
import { DirectoryRules, inspectPaths, scanProject } from "../../../src/sources/scan/index.js";
import { closeEventLog, headPosition, type LogHandle, openEventLog, readEvents } from "../../../src/events/index.js";
import { hashContent } from "../../../src/shared/sourceFile/hashContent.js";
import { copyFixture, mkfifo, removeDir, SCAN_DEFAULTS, tempDir, write } from "./helpers.js";

let root: string;
let logDir: string;
let log: LogHandle;
const meta = { source: "test" as const };

beforeEach(() => {
  root = copyFixture("basic");
  logDir = tempDir("nemesis-log-");
  log = openEventLog(join(logDir, "events.db"));
});
afterEach(() => {
  closeEventLog(log);
  removeDir(root);
  removeDir(logDir);
});

/** Every entry under `dir` (relative, `/`-separated), ignored ones and directories included, without following symlinks. */
const everyPath = (dir: string, rel = ""): string[] =>
  readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const path = rel === "" ? e.name : `${rel}/${e.name}`;
    return e.isDirectory() && !e.isSymbolicLink() && e.name !== ".git" ? [path, ...everyPath(dir, path)] : [path];
  });

const inspect = async (paths: Iterable<string>) =>
  inspectPaths(root, paths, { ...SCAN_DEFAULTS, rules: await DirectoryRules.forRoot(root, SCAN_DEFAULTS) });

describe("inspectPaths: what a scan would find, one path at a time", () => {
  it("agrees with a full scan on every entry of a tree: ignore rules, symlinks, special and skipped files", async () => {
    write(root, "node_modules/dep/index.js", "module.exports = {};\n");
    write(root, "generated/gen.ts", "export const g = 1;\n");
    write(root, "src/__pycache__/x.py", "x = 1\n");
    write(root, "src/bin.ts", Buffer.from([0, 1, 2, 3]));
    write(root, "src/notes.txt", "not code\n");
    symlinkSync(join(root, "src/math.ts"), join(root, "src/alias.ts"));
    symlinkSync("/etc/hostname", join(root, "src/outside.ts"));
    symlinkSync(join(root, "src"), join(root, "src/nested/loop"));
    symlinkSync(join(root, "missing.ts"), join(root, "src/broken.ts"));
    mkfifo(join(root, "src/pipe.ts"));

    const scan = await scanProject(root, SCAN_DEFAULTS);
    const one = await inspect(everyPath(root));
    const sorted = <T extends { path: string }>(xs: ReadonlyArray<T>) => [...xs].sort((a, b) => a.path.localeCompare(b.path));
    expect(sorted(one.files)).toEqual(sorted(scan.files));
    expect(sorted(one.skipped)).toEqual(sorted(scan.skipped));
    expect(one.skipped.map((s) => s.reason).sort()).toEqual(["broken symlink", "not a regular file", "outside root", "symlink inside root", "symlink loop", "binary"].sort());
  });

  it("reports a path with nothing on disk as absent, and one now ignored in no list", async () => {
    const r = await inspect(["src/gone.ts", "node_modules/x/index.js", "src/math.ts"]);
    expect(r.absent).toEqual(["src/gone.ts"]);
    expect(r.files.map((f) => f.path)).toEqual(["src/math.ts"]);
    expect(r.skipped).toEqual([]);
  });
});

describe("recordFileChanges with the paths looked at (the watcher's batch)", () => {
  it("deletes only the known files among those paths, and appends nothing for an unchanged one", async () => {
    recordFileChanges(log, await scanProject(root, SCAN_DEFAULTS), { meta });
    const head = headPosition(log);
    write(root, "src/math.ts", "export const changed = 1;\n");
    removeDir(join(root, "src/tool.py"));
    removeDir(join(root, "docs/example.ts"));
    const paths = ["src/math.ts", "src/tool.py", "src/nested/use.ts"];
    const seen = await inspect(paths);
    const r = recordFileChanges(log, { files: seen.files, skipped: seen.skipped, paths }, { meta });
    expect(r).toMatchObject({ changed: 1, deleted: 1 });
    // docs/example.ts is gone too, but the batch did not look at it: a reconciliation will.
    expect(readEvents(log, { after: head }).map((e) => `${e.type} ${e.stream}`).sort()).toEqual(["FileChanged file:src/math.ts", "FileDeleted file:src/tool.py"]);
  });
});

describe("scanProject with what the log knows", () => {
  it("keeps the recorded hash of a file whose stat is unchanged and older than the record; reads a racy one", async () => {
    const old = Date.now() / 1000 - 60;
    utimesSync(join(root, "src/math.ts"), old, old);
    recordFileChanges(log, await scanProject(root, SCAN_DEFAULTS), { meta });
    const recorded = readKnownFiles(log).get("src/math.ts")!.contentHash;
    // Same size, same mtime, other bytes: only a read would notice.
    const text = readFileSync(join(root, "src/math.ts"), "utf8");
    const other = text.replace(/[a-z]/, (c) => (c === "x" ? "y" : "x"));
    writeFileSync(join(root, "src/math.ts"), other);
    utimesSync(join(root, "src/math.ts"), old, old);
    const known = readKnownFiles(log);
    const quick = await scanProject(root, { ...SCAN_DEFAULTS, known: (p) => known.get(p) });
    expect(quick.files.find((f) => f.path === "src/math.ts")!.contentHash).toBe(recorded);

    // A file recorded within the same instant as its mtime is read whatever its stat says.
    const now = Date.now() / 1000;
    write(root, "src/fresh.ts", "export const a = 1;\n");
    utimesSync(join(root, "src/fresh.ts"), now, now);
    recordFileChanges(log, await scanProject(root, SCAN_DEFAULTS), { meta });
    writeFileSync(join(root, "src/fresh.ts"), "export const b = 1;\n");
    utimesSync(join(root, "src/fresh.ts"), now, now);
    const again = readKnownFiles(log);
    const racy = await scanProject(root, { ...SCAN_DEFAULTS, known: (p) => again.get(p) });
    expect(racy.files.find((f) => f.path === "src/fresh.ts")!.contentHash).toBe(hashContent(Buffer.from("export const b = 1;\n")));
  });
});
