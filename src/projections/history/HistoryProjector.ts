import type Database from "better-sqlite3";
import * as Either from "effect/Either";
import { rmSync } from "node:fs";
import { currentSchemaVersion, decodePayload, type CommitObserved, type RecordedEvent } from "../../events/index.js";
import type { Projector } from "../Projector.js";
import { FileCounts, PairCounts, WordCounts } from "./batchCounts.js";
import { carriesWeight } from "./coChangeWeight.js";
import { openHistoryStore } from "./openHistoryStore.js";

/** 1: commits, paths, commit_files, co_change and commit_text (history.db). */
export const HISTORY_VERSION = 1;
export const HISTORY_HANDLES: ReadonlyArray<string> = ["CommitObserved"];

const statements = (db: Database.Database) => ({
  checkpoint: db.prepare("SELECT position, version FROM checkpoint WHERE name = 'history'"),
  saveCheckpoint: db.prepare(
    "INSERT INTO checkpoint (name, position, version) VALUES ('history', ?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position, version = excluded.version",
  ),
  // Nothing when the sha is there already: a commit is projected once, however often it was observed.
  insertCommit: db
    .prepare(
      "INSERT INTO commits (sha, time, author, subject, body, files, merge, weighted) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (sha) DO NOTHING RETURNING id",
    )
    .pluck(),
  pathId: db.prepare("SELECT id FROM paths WHERE path = ?").pluck(),
  insertPath: db.prepare("INSERT INTO paths (path) VALUES (?) RETURNING id").pluck(),
  addToFile: db.prepare("UPDATE paths SET commits = commits + ?, weighted = weighted + ?, last_time = max(last_time, ?) WHERE id = ?"),
  insertFile: db.prepare(
    "INSERT OR IGNORE INTO commit_files (commit_id, file, status, from_path, added, deleted, time, merge) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  ),
  addToTotal: db.prepare("INSERT INTO totals (name, n) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET n = n + excluded.n"),
  insertText: db.prepare("INSERT INTO commit_text (rowid, subject, body) VALUES (?, ?, ?)"),
  addWord: db.prepare("INSERT INTO word_docs (word, docs) VALUES (?, ?) ON CONFLICT (word) DO UPDATE SET docs = docs + excluded.docs"),
  addPair: db.prepare(
    `INSERT INTO co_change (a, b, together, last_time) VALUES (?, ?, ?, ?) ON CONFLICT (a, b) DO UPDATE SET
      together = together + excluded.together, last_time = max(last_time, excluded.last_time)`,
  ),
});

/** A current-version payload is used as appended (the source built it); an older one is upcast and decoded. */
const payloadOf = (event: RecordedEvent): CommitObserved => {
  if (event.schema === currentSchemaVersion(event.type)) return event.data as CommitObserved;
  const decoded = decodePayload(event as RecordedEvent & { type: "CommitObserved" });
  if (Either.isLeft(decoded)) throw decoded.left;
  return decoded.right;
};

interface BatchCounts {
  readonly pairs: PairCounts;
  readonly files: FileCounts;
  readonly words: WordCounts;
}

/**
 * Projects CommitObserved into history.db: each commit, the files it touched, every file's
 * commit counts, co-change between files, and the full-text index of commit messages. Merges
 * and commits of more than 50 files carry no co-change weight and are not searched by message
 * (see coChangeWeight.ts). Applies each event exactly once: events at or below the checkpoint
 * are skipped, and so is a sha already projected, so a catch-up racing the engine's (a tool
 * reading history while a pass runs) never counts a commit twice.
 */
export class HistoryProjector implements Projector {
  readonly name = "history";
  readonly version = HISTORY_VERSION;
  readonly handles = HISTORY_HANDLES;
  private db: Database.Database;
  private stmt: ReturnType<typeof statements>;
  /** Paths' ids as history.db holds them: ids never change, and a batch looks up every file of every commit. */
  private readonly pathIds = new Map<string, number>();

  constructor(private readonly path: string) {
    this.db = openHistoryStore(path);
    this.stmt = statements(this.db);
  }

  async checkpoint() {
    return this.checkpointNow();
  }

  private checkpointNow(): { position: number; version: number } {
    const row = this.stmt.checkpoint.get() as { position: number; version: number } | undefined;
    return row ?? { position: 0, version: this.version };
  }

  /** Synchronous from start to commit: nothing else runs on this thread between reading the checkpoint and saving the new one. */
  async apply(events: ReadonlyArray<RecordedEvent>, upTo: number): Promise<void> {
    try {
      this.applyNow(events, upTo);
    } catch (e) {
      // Ids of paths inserted by the transaction that failed were rolled back with it.
      this.pathIds.clear();
      throw e;
    }
  }

  private applyNow(events: ReadonlyArray<RecordedEvent>, upTo: number): void {
    this.db
      .transaction(() => {
        const done = this.checkpointNow().position;
        if (upTo <= done) return;
        const counts: BatchCounts = { pairs: new PairCounts(), files: new FileCounts(), words: new WordCounts() };
        const added = { commits: 0, weighted: 0 };
        for (const event of events) {
          if (event.position <= done || event.type !== "CommitObserved") continue;
          const applied = this.applyCommit(payloadOf(event), counts);
          if (applied === "skipped") continue;
          added.commits++;
          if (applied === "weighted") added.weighted++;
        }
        counts.pairs.writeTo(this.stmt.addPair);
        counts.files.writeTo(this.stmt.addToFile);
        counts.words.writeTo(this.stmt.addWord);
        for (const [name, n] of Object.entries(added)) if (n > 0) this.stmt.addToTotal.run(name, n);
        this.stmt.saveCheckpoint.run(upTo, this.version);
      })
      .immediate();
  }

  /** Whether the commit was new, and if so whether it carries weight. */
  private applyCommit(c: CommitObserved, counts: BatchCounts): "skipped" | "weighted" | "unweighted" {
    const s = this.stmt;
    const merge = c.parents.length > 1;
    const fileCount = Math.max(c.filesTotal ?? 0, c.files.length);
    const weighted = carriesWeight(c.parents.length, fileCount);
    const id = s.insertCommit.get(c.sha, c.time, c.author, c.subject, c.body, fileCount, merge ? 1 : 0, weighted ? 1 : 0) as number | undefined;
    if (id === undefined) return "skipped";
    const ids: number[] = [];
    const seen = new Set<string>();
    for (const f of c.files) {
      // git lists a path once per commit; a hand-written log might not.
      if (seen.has(f.path)) continue;
      seen.add(f.path);
      const fileId = this.pathId(f.path);
      // A merge's files are its branch's changes again: recorded, but not counted for the file.
      if (!merge) counts.files.add(fileId, weighted, c.time);
      s.insertFile.run(id, fileId, f.status, f.from ?? null, f.added, f.deleted, c.time, merge ? 1 : 0);
      ids.push(fileId);
    }
    if (!weighted) return "unweighted";
    s.insertText.run(id, c.subject, c.body);
    counts.words.add(`${c.subject}\n${c.body}`);
    counts.pairs.add(ids, c.time);
    return "weighted";
  }

  private pathId(path: string): number {
    let id = this.pathIds.get(path);
    if (id === undefined) {
      id = (this.stmt.pathId.get(path) as number | undefined) ?? (this.stmt.insertPath.get(path) as number);
      this.pathIds.set(path, id);
    }
    return id;
  }

  async reset(): Promise<void> {
    this.pathIds.clear();
    this.db.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(this.path + suffix, { force: true });
    this.db = openHistoryStore(this.path);
    this.stmt = statements(this.db);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
