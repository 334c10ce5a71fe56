import { statSync, unlinkSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordFileChanges, type LookAgain, type RecordFileChangesInput } from "../../src/commands/recordFileChanges.js";
import { readKnownFiles, type KnownFile } from "../../src/commands/readKnownFiles.js";
import { closeEventLog, type LogHandle, openEventLog, readEvents } from "../../src/events/index.js";
import { hookedFileLook } from "../../src/sources/hooks/recordHookedFile.js";
import { DirectoryRules, inspectPaths, lookAgainAt, scanProject } from "../../src/sources/scan/index.js";
import { hashContent } from "../../src/shared/sourceFile/hashContent.js";
import { removeDir, SCAN_DEFAULTS, tempDir, write } from "../sources/scan/helpers.js";

/**
 * Two writers record one file (issue 32, "a bug found on the way"): the first looks at X, the
 * disk moves on, a second writer looks at X again and records it, and only then does the first
 * append what it saw. Seen with `index_project` after a `git checkout` while `serve`'s watcher
 * ran: the watcher's look, taken mid-checkout, landed after the index's record of the final
 * content, and the index disagreed with the disk until X was touched again. Whatever the order
 * of the appends, the log's last word on X must be the newest look.
 */
const X = "src/x.ts";
const OLD = "export const x = 0;\n";
const MID = "export const x = 1; // half-way through the checkout\n";
const NEW = "export const x = 2; // the commit checked out, in full\n";

let root: string;
let logDir: string;
let log: LogHandle;

beforeEach(() => {
  root = tempDir("nemesis-stale-");
  logDir = tempDir("nemesis-stale-log-");
  log = openEventLog(join(logDir, "events.db"));
  write(root, "src/other.ts", "export const other = 0;\n");
});
afterEach(() => {
  closeEventLog(log);
  removeDir(root);
  removeDir(logDir);
});

/** The latest FileChanged / FileDeleted / FileSkipped of X: what every read model ends up holding. */
const lastWordOnX = (): string => {
  const e = readEvents(log, { types: ["FileChanged", "FileDeleted", "FileSkipped"] })
    .filter((ev) => ev.stream === `file:${X}`)
    .at(-1);
  if (!e) return "nothing";
  return e.type === "FileChanged" ? `FileChanged ${(e.data as { contentHash: string }).contentHash}` : e.type;
};
const changedTo = (text: string) => `FileChanged ${hashContent(Buffer.from(text))}`;

/** Each writer's look at the disk, in the shape it hands to recordFileChanges, and its second look. */
interface Writer {
  readonly look: () => Promise<RecordFileChangesInput>;
  readonly lookAgain: () => Promise<LookAgain>;
}
const rules = () => DirectoryRules.forRoot(root, SCAN_DEFAULTS);
const writers: Record<string, Writer> = {
  // `nemesis index` / index_project, and the watcher's reconciliation: the whole project.
  scan: {
    look: async () => scanProject(root, SCAN_DEFAULTS),
    lookAgain: async () => lookAgainAt(root, { ...SCAN_DEFAULTS, rules: await rules() }),
  },
  // A watcher batch: the paths its events named.
  "watcher batch": {
    look: async () => {
      const seen = await inspectPaths(root, [X], { ...SCAN_DEFAULTS, rules: await rules() });
      return { files: seen.files, skipped: seen.skipped, paths: [X] };
    },
    lookAgain: async () => lookAgainAt(root, { ...SCAN_DEFAULTS, rules: await rules() }),
  },
  // `nemesis hook file-changed`: one file, deletions limited to it.
  hook: {
    look: async () => {
      const seen = hookedFileLook(root, SCAN_DEFAULTS, "typescript")(X);
      return { files: seen && !("reason" in seen) ? [seen] : [], skipped: seen && "reason" in seen ? [seen] : [], scope: X };
    },
    lookAgain: async () => ({ root, look: hookedFileLook(root, SCAN_DEFAULTS, "typescript") }),
  },
};

/** The other writer: index_project recording the disk as it is now. */
const otherWriterRecords = async () => recordFileChanges(log, await scanProject(root, SCAN_DEFAULTS), { meta: { source: "mcp" } });

/**
 * Where the first writer reads what the log knows: after the other writer appended (no conflict:
 * it decides against the newer record), or before (its append conflicts and is decided again
 * under the write lock).
 */
const readKnown = { "no conflict": "after", conflict: "before" } as const;

const cases = Object.keys(writers).flatMap((writer) => Object.entries(readKnown).map(([path, when]) => ({ writer, path, when })));

describe.each(cases)("a stale look recorded after a newer one ($writer, $path)", ({ writer, when }) => {
  const recordStale = async (look: RecordFileChangesInput, known: ReadonlyMap<string, KnownFile> | undefined) =>
    recordFileChanges(log, look, { meta: { source: "watcher" }, lookAgain: await writers[writer]!.lookAgain(), ...(known ? { known } : {}) });

  it("a look at X's old content does not overwrite X's newer content", async () => {
    write(root, X, OLD);
    await otherWriterRecords();
    write(root, X, MID);
    const stale = await writers[writer]!.look();
    const known = when === "before" ? readKnownFiles(log) : undefined;
    write(root, X, NEW);
    await otherWriterRecords();
    expect(lastWordOnX()).toBe(changedTo(NEW));
    await recordStale(stale, known);
    expect(lastWordOnX()).toBe(changedTo(NEW));
  });

  it("a look that found X absent does not delete X's newer content", async () => {
    write(root, X, OLD);
    await otherWriterRecords();
    unlinkSync(join(root, X));
    const stale = await writers[writer]!.look();
    const known = when === "before" ? readKnownFiles(log) : undefined;
    write(root, X, NEW);
    await otherWriterRecords();
    await recordStale(stale, known);
    expect(lastWordOnX()).toBe(changedTo(NEW));
  });

  it("a look at X's content does not bring back an X deleted since", async () => {
    write(root, X, OLD);
    await otherWriterRecords();
    write(root, X, MID);
    const stale = await writers[writer]!.look();
    const known = when === "before" ? readKnownFiles(log) : undefined;
    unlinkSync(join(root, X));
    await otherWriterRecords();
    expect(lastWordOnX()).toBe("FileDeleted");
    await recordStale(stale, known);
    expect(lastWordOnX()).toBe("FileDeleted");
  });

  it("a look still true when appended is recorded over an older record", async () => {
    write(root, X, OLD);
    await otherWriterRecords();
    write(root, X, MID);
    // The other writer's record of MID goes in first; then X changes and the first writer looks.
    const known = when === "before" ? readKnownFiles(log) : undefined;
    await otherWriterRecords();
    write(root, X, NEW);
    const current = await writers[writer]!.look();
    await recordStale(current, known);
    expect(lastWordOnX()).toBe(changedTo(NEW));
  });
});

describe("checking a look against the disk", () => {
  const lookAgain = async (): Promise<LookAgain & { looks: string[] }> => {
    const again = lookAgainAt(root, { ...SCAN_DEFAULTS, rules: await DirectoryRules.forRoot(root, SCAN_DEFAULTS) });
    const looks: string[] = [];
    return { root, looks, look: (p) => (looks.push(p), again.look(p)) };
  };

  it("costs a stat, not a read, for a file still as it was read", async () => {
    for (let i = 0; i < 20; i++) write(root, `src/f${i}.ts`, `export const f${i} = ${i};\n`);
    const again = await lookAgain();
    const r = recordFileChanges(log, await scanProject(root, SCAN_DEFAULTS), { meta: { source: "cli" }, lookAgain: again });
    expect(r.changed).toBe(21);
    expect(again.looks).toEqual([]);
  });

  it("catches new bytes that keep the old size and mtime (tar, rsync and cp -p set mtime back)", async () => {
    write(root, X, OLD);
    await otherWriterRecords();
    const mid = "export const x = 1;\n";
    const fin = "export const x = 3;\n";
    // Both contents carry one archive's timestamp, as an extraction leaves them.
    const stamp = Math.floor(Date.now() / 1000) - 3_600;
    write(root, X, mid);
    utimesSync(join(root, X), stamp, stamp);
    const stale = await scanProject(root, SCAN_DEFAULTS);
    const seenCtime = stale.files.find((f) => f.path === X)!.ctime;
    // On a clock with coarse ticks both writes can share one; in life they are apart.
    do {
      write(root, X, fin);
      utimesSync(join(root, X), stamp, stamp);
    } while (statSync(join(root, X)).ctimeMs === seenCtime);
    await otherWriterRecords();
    const again = await lookAgain();
    recordFileChanges(log, stale, { meta: { source: "watcher" }, lookAgain: again });
    expect(lastWordOnX()).toBe(changedTo(fin));
    expect(again.looks).toEqual([X]);
  });
});

describe("a file that moves again between the check and the append", () => {
  it("is checked once more under the write lock, where the conflict with the newer record is decided", async () => {
    write(root, X, OLD);
    await otherWriterRecords();
    write(root, X, MID);
    const stale = await scanProject(root, SCAN_DEFAULTS);
    write(root, X, NEW);
    const again = lookAgainAt(root, { ...SCAN_DEFAULTS, rules: await DirectoryRules.forRoot(root, SCAN_DEFAULTS) });
    const NEWER = `${NEW}// and a hook's edit right after\n`;
    let looks = 0;
    const racing: LookAgain = {
      root,
      look: (path) => {
        const seen = again.look(path);
        // Right after the second look (outside the lock), X changes once more and a hook records it.
        if (looks++ === 0) {
          write(root, X, NEWER);
          const hooked = hookedFileLook(root, SCAN_DEFAULTS, "typescript")(X);
          recordFileChanges(log, { files: hooked && !("reason" in hooked) ? [hooked] : [], skipped: [], scope: X }, { meta: { source: "hook" } });
        }
        return seen;
      },
    };
    recordFileChanges(log, stale, { meta: { source: "watcher" }, lookAgain: racing });
    expect(looks).toBe(2);
    expect(lastWordOnX()).toBe(changedTo(NEWER));
  });
});
