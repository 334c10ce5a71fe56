import type Database from "better-sqlite3";
import type { FileState } from "./fileTransitions.js";

const COLUMNS = "path, content_hash, language, size, mtime, status, reason, parser_version, symbols, changed_position, parsed_position";

/** Past this many rows the cache starts over: a replay of a very large repository must not hold every file in memory. */
const MAX_CACHED = 200_000;

/**
 * The `files` rows the catalog projector has read or written, so a batch's file events are
 * folded in memory and each touched row is written once, when the batch commits. Only the
 * projector writes `files` (one engine owns the read models), so the cache stays true as long
 * as every batch it saw committed: a batch that throws must call `discard`.
 */
export class FileRowCache {
  /** null: known to have no row. */
  private readonly rows = new Map<string, FileState | null>();
  private readonly dirty = new Set<string>();
  private readonly stmt;

  constructor(db: Database.Database) {
    this.stmt = {
      get: db.prepare(`SELECT ${COLUMNS} FROM files WHERE path = ?`),
      put: db.prepare(`INSERT INTO files (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (path) DO UPDATE SET content_hash = excluded.content_hash, language = excluded.language, size = excluded.size, mtime = excluded.mtime,
          status = excluded.status, reason = excluded.reason, parser_version = excluded.parser_version, symbols = excluded.symbols,
          changed_position = excluded.changed_position, parsed_position = excluded.parsed_position`),
      delete: db.prepare("DELETE FROM files WHERE path = ?"),
    };
  }

  get(path: string): FileState | undefined {
    let row = this.rows.get(path);
    if (row === undefined) {
      row = (this.stmt.get.get(path) as FileState | undefined) ?? null;
      this.rows.set(path, row);
    }
    return row ?? undefined;
  }

  set(path: string, row: FileState | undefined): void {
    if (row === this.get(path)) return;
    this.rows.set(path, row ?? null);
    this.dirty.add(path);
  }

  /** Writes the rows changed since the last flush; call inside the batch's transaction. */
  flush(): void {
    for (const path of this.dirty) {
      const row = this.rows.get(path);
      if (row) {
        this.stmt.put.run(row.path, row.content_hash, row.language, row.size, row.mtime, row.status, row.reason, row.parser_version, row.symbols, row.changed_position, row.parsed_position);
      }
      else this.stmt.delete.run(path);
    }
    this.dirty.clear();
    if (this.rows.size > MAX_CACHED) this.rows.clear();
  }

  /** Forgets everything, written or not: for a batch that rolled back, or a dropped read model. */
  discard(): void {
    this.rows.clear();
    this.dirty.clear();
  }
}
