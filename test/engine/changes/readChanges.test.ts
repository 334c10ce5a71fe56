import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readChanges } from "../../../src/engine/index.js";
import { appendToStreams, closeEventLog, headPosition, openEventLog, type LogHandle, type NewEvent } from "../../../src/events/index.js";
import { tempDir } from "../../helpers.js";

let cleanups: Array<() => unknown> = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

const append = (log: LogHandle, stream: string, ...events: NewEvent[]) => appendToStreams(log, [{ stream, expectedVersion: "any", events }]);
const saved = (path: string, hash: string, meta: NewEvent["meta"]): NewEvent => ({ type: "FileChanged", data: { path, contentHash: hash, size: 1, mtime: 1, language: "typescript" }, meta });

describe("readChanges", () => {
  it("says who changed each file: a hook session, the watcher, or a pull whose commit predates the window", () => {
    const t = tempDir("nemesis-read-changes-");
    const log = openEventLog(join(t.dir, "events.db"));
    cleanups.push(t.cleanup, () => closeEventLog(log));
    for (const p of ["a.ts", "b.ts", "c.ts"]) append(log, `file:${p}`, saved(p, "h0", { source: "cli" }));
    const from = { position: headPosition(log), label: "#3", at: "2026-12-06T10:00:00.000Z" };
    append(log, "file:a.ts", saved("a.ts", "h1", { source: "hook", session: "s-1" }));
    append(log, "file:b.ts", saved("b.ts", "h1", { source: "watcher" }));
    const pulled = "1111111111111111111111111111111111111111";
    const made = "2222222222222222222222222222222222222222";
    const commit = (sha: string, iso: string, path: string): NewEvent => ({
      type: "CommitObserved",
      data: { sha, parents: [], time: Date.parse(iso) / 1000, author: "bob", subject: `touch ${path}`, body: "", files: [{ path, status: "M", added: 1, deleted: 1 }] },
      meta: { source: "cli" },
    });
    // Made at 09:00, before the window opened at 10:00, recorded inside it: it came from elsewhere.
    append(log, `commit:${pulled}`, commit(pulled, "2026-12-06T09:00:00Z", "c.ts"));
    // Made at 11:00 from b.ts's edit: the watcher's change stays the watcher's.
    append(log, `commit:${made}`, commit(made, "2026-12-06T11:00:00Z", "b.ts"));
    append(log, "file:c.ts", saved("c.ts", "h1", { source: "watcher" }));

    const changes = readChanges(log, from, headPosition(log), { symbols: true });
    expect(changes.files.map((f) => [f.path, f.change, f.by.source, f.by.session, f.by.pull])).toEqual([
      ["a.ts", "modified", "hook", "s-1", null],
      ["b.ts", "modified", "watcher", null, null],
      ["c.ts", "modified", "watcher", null, pulled],
    ]);
    expect(changes.commits.map((c) => [c.sha, c.subject, c.files])).toEqual([
      [pulled, "touch c.ts", 1],
      [made, "touch b.ts", 1],
    ]);
    expect(changes.symbols).toEqual([]);
  });
});
