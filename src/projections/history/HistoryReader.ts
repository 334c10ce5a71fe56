import type Database from "better-sqlite3";
import { existsSync } from "node:fs";
import { matchExpression, messageTerms } from "./messageQuery.js";
import { openHistoryStore } from "./openHistoryStore.js";
import { chooseTerms, TermRarity } from "./termRarity.js";

/** A past commit whose message resembles a text. */
export interface SimilarCommit {
  readonly sha: string;
  /** Committer time, Unix seconds. */
  readonly time: number;
  readonly subject: string;
  /** Higher is more alike: the negated bm25 of subject and body (the subject weighs three times a body word). */
  readonly score: number;
  /** Every file the commit touched. */
  readonly files: ReadonlyArray<string>;
}

/** A file that changed together with `path`. */
export interface CoChange {
  readonly path: string;
  readonly with: string;
  /** Commits that touched both (merges and commits of over 50 files never count). */
  readonly together: number;
  /** Commits that touched `path`, counted the same way: together / commitsOfPath is how often a change of `path` took `with` along. */
  readonly commitsOfPath: number;
  /** Commits that touched `with`, counted the same way: a file that changes with everything (a changelog) has many. */
  readonly commitsOfWith: number;
  /** The newest commit that touched both, Unix seconds. */
  readonly lastTime: number;
}

/** One commit in a file's history. */
export interface FileCommit {
  readonly sha: string;
  readonly time: number;
  readonly author: string;
  readonly subject: string;
  /** The file's path in this commit: an older name when the history followed a rename back. */
  readonly path: string;
  /** How the commit changed it: A, M, D, R, C or T as git prints it. */
  readonly status: string;
  /** The old path when this commit renamed or copied it here. */
  readonly from: string | null;
  /** The other files the commit touched, by path, at most FILES_PER_COMMIT of them. */
  readonly files: ReadonlyArray<string>;
  /** How many other files the commit touched in all. */
  readonly filesTotal: number;
}

/** Most other files listed with each commit of a file's history. */
export const FILES_PER_COMMIT = 10;
/** Renames a file's history follows back (a chain of renames; a loop stops at a name already visited). */
const MAX_RENAMES = 5;

type CommitRow = { id: number; sha: string; time: number; author: string; subject: string; status: string; from: string | null; files: number };

/**
 * Read access to history.db: its own read-only connection (WAL lets it read beside the
 * projector's writes). Every method reads the committed state at the time of the call.
 * The ranking of get_smart_context calls similarCommits and coChanged on every call: each is a
 * few indexed lookups.
 */
export class HistoryReader {
  /** Statements by SQL, prepared once. */
  private readonly prepared = new Map<string, Database.Statement>();

  private readonly rarity: TermRarity | null;

  private constructor(private readonly db: Database.Database | null) {
    this.rarity = db === null ? null : new TermRarity(db);
  }

  /** A reader of `path`; before the first commit is projected there is no file, and the history reads as empty. */
  static open(path: string): HistoryReader {
    return new HistoryReader(existsSync(path) ? openHistoryStore(path, { readonly: true }) : null);
  }

  private statement(sql: string): Database.Statement {
    let stmt = this.prepared.get(sql);
    if (stmt === undefined) this.prepared.set(sql, (stmt = this.db!.prepare(sql)));
    return stmt;
  }

  private all<T>(sql: string, ...params: unknown[]): T[] {
    return this.db === null ? [] : (this.statement(sql).all(...params) as T[]);
  }

  private one<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.db === null ? undefined : (this.statement(sql).get(...params) as T | undefined);
  }

  /** Whether history.db existed when this reader opened (one opened before it did reads nothing, ever). */
  get hasStore(): boolean {
    return this.db !== null;
  }

  /** Whether no commit is recorded (no git, or the history was never read). */
  isEmpty(): boolean {
    return this.one<{ x: number }>("SELECT 1 AS x FROM commits LIMIT 1") === undefined;
  }

  /** Every commit recorded, merges included. */
  totalCommits(): number {
    return this.one<{ n: number }>("SELECT n FROM totals WHERE name = 'commits'")?.n ?? 0;
  }

  /** The non-merge commits that touched `path` under this name (renames not followed). */
  commitCount(path: string): number {
    return this.one<{ n: number }>("SELECT commits AS n FROM paths WHERE path = ?", path)?.n ?? 0;
  }

  /**
   * Past commits whose subject and body resemble `text`, best first. Any text is a valid query
   * (punctuation, quotes and operators only separate words, see messageTerms); one with no word
   * the commits hold finds nothing. Searches by the task's rarer words (see chooseTerms): a
   * common word scores little and costs the most. Merges and commits of over 50 files are not searched.
   */
  similarCommits(text: string, limit: number): SimilarCommit[] {
    if (this.rarity === null || limit <= 0) return [];
    const words = messageTerms(text);
    if (words.length === 0) return [];
    const { rated, searched } = this.rarity.rate(words);
    const terms = chooseTerms(rated, searched);
    if (terms.length === 0) return [];
    const rows = this.all<{ id: number; sha: string; time: number; subject: string; rank: number }>(
      `SELECT c.id AS id, c.sha AS sha, c.time AS time, c.subject AS subject, bm25(commit_text, 3.0, 1.0) AS rank
       FROM commit_text JOIN commits c ON c.id = commit_text.rowid
       WHERE commit_text MATCH ? ORDER BY rank LIMIT ?`,
      matchExpression(terms),
      limit,
    );
    return rows.map((r) => ({ sha: r.sha, time: r.time, subject: r.subject, score: -r.rank, files: this.filesOf(r.id) }));
  }

  private filesOf(commitId: number): string[] {
    return this.all<{ path: string }>("SELECT p.path AS path FROM commit_files f JOIN paths p ON p.id = f.file WHERE f.commit_id = ? ORDER BY p.path", commitId).map(
      (r) => r.path,
    );
  }

  /**
   * For each of `paths`, the files that changed with it most often (then most recently), at
   * most `limit` each, in the order of `paths`. A path without history has none.
   */
  coChanged(paths: ReadonlyArray<string>, limit: number): CoChange[] {
    const out: CoChange[] = [];
    if (limit <= 0) return out;
    for (const path of new Set(paths)) {
      const own = this.one<{ id: number; weighted: number }>("SELECT id, weighted FROM paths WHERE path = ?", path);
      if (own === undefined || own.weighted === 0) continue;
      const rows = this.all<{ with: string; together: number; commitsOfWith: number; lastTime: number }>(
        `SELECT p.path AS with, x.together AS together, p.weighted AS commitsOfWith, x.last_time AS lastTime FROM (
           SELECT b AS other, together, last_time FROM co_change WHERE a = ?
           UNION ALL SELECT a AS other, together, last_time FROM co_change WHERE b = ?
           ORDER BY together DESC, last_time DESC LIMIT ?
         ) x JOIN paths p ON p.id = x.other
         ORDER BY x.together DESC, x.last_time DESC, p.path`,
        own.id,
        own.id,
        limit,
      );
      for (const r of rows) out.push({ path, with: r.with, together: r.together, commitsOfPath: own.weighted, commitsOfWith: r.commitsOfWith, lastTime: r.lastTime });
    }
    return out;
  }

  /**
   * The commits that touched `path`, newest first, at most `limit`; merges left out (their
   * changes are their branch's commits). Follows renames back: once the file's commits under
   * this name run out, the commits of the name it was renamed from, before the rename.
   */
  fileHistory(path: string, limit: number): FileCommit[] {
    const out: FileCommit[] = [];
    const shas = new Set<string>();
    const visited = new Set<string>();
    let name = path;
    let before = Number.MAX_SAFE_INTEGER;
    for (let step = 0; step <= MAX_RENAMES && out.length < limit; step++) {
      visited.add(name);
      const file = this.one<{ id: number }>("SELECT id FROM paths WHERE path = ?", name);
      if (file === undefined) break;
      const rows = this.all<CommitRow>(
        `SELECT c.id AS id, c.sha AS sha, c.time AS time, c.author AS author, c.subject AS subject, f.status AS status, f.from_path AS "from", c.files AS files
         FROM commit_files f JOIN commits c ON c.id = f.commit_id
         WHERE f.file = ? AND f.merge = 0 AND f.time <= ? ORDER BY f.time DESC, f.commit_id DESC LIMIT ?`,
        file.id,
        before,
        limit,
      );
      for (const r of rows) {
        if (out.length >= limit || shas.has(r.sha)) continue;
        shas.add(r.sha);
        out.push(this.fileCommit(r, name, file.id));
      }
      // The rename that gave the file this name: the history goes on under the old one, up to it.
      const renamed = this.one<{ from: string; time: number }>(
        `SELECT from_path AS "from", time FROM commit_files WHERE file = ? AND merge = 0 AND status = 'R' AND from_path IS NOT NULL AND time <= ?
         ORDER BY time DESC LIMIT 1`,
        file.id,
        before,
      );
      if (renamed === undefined || visited.has(renamed.from)) break;
      name = renamed.from;
      before = renamed.time;
    }
    return out;
  }

  private fileCommit(r: CommitRow, path: string, fileId: number): FileCommit {
    const others = this.all<{ path: string }>(
      "SELECT p.path AS path FROM commit_files f JOIN paths p ON p.id = f.file WHERE f.commit_id = ? AND f.file != ? ORDER BY p.path LIMIT ?",
      r.id,
      fileId,
      FILES_PER_COMMIT,
    ).map((o) => o.path);
    return {
      sha: r.sha,
      time: r.time,
      author: r.author,
      subject: r.subject,
      path,
      status: r.status,
      from: r.from,
      files: others,
      filesTotal: Math.max(r.files - 1, others.length),
    };
  }

  close(): void {
    this.db?.close();
  }
}
