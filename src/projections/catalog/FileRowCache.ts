import type Database from "better-sqlite3";
import type { FileState } from "./fileTransitions.js";

const COLUMNS = "path, content_hash, language, size, mtime, status, reason, parser_version, symbols, changed_position, parsed_position";

/** Past this many rows the cache starts over: a replay of a very large repository must not hold every file in memory. */
const MAX_CACHED = 200_000;

/**
 * The `files` rows the catalog projector has read or written, so a batch's file events are
 * folded in memory and each touched row is written once, when the batch commits. The cache
 * holds while catalog.db is as this connection left it: `begin` (inside the batch's write
 * transaction) drops it when another connection has committed since (a CLI memory command
 * catches the catalog up beside a running engine), and a batch that throws must `discard` it.
 */
export class FileRowCache {
  /** null: known to have no row. */
  private readonly rows = new Map<string, FileState | null>();
  private readonly dirty = new Set<string>();
  private readonly stmt;
  private dataVersion = -1;

  constructor(db: Database.Database) {
    this.stmt = {
      dataVersion: db.prepare("PRAGMA data_version").pluck(),
      get: db.prepare(`SELECT ${COLUMNS} FROM files WHERE path = ?`),
      put: db.prepare(`INSERT INTO files (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (path) DO UPDATE SET content_hash = excluded.content_hash, language = excluded.language, size = excluded.size, mtime = excluded.mtime,
          status = excluded.status, reason = excluded.reason, parser_version = excluded.parser_version, symbols = excluded.symbols,
          changed_position = excluded.changed_position, parsed_position = excluded.parsed_position`),
      delete: db.prepare("DELETE FROM files WHERE path = ?"),
    };
  }

  /** Call first in each batch's write transaction (BEGIN IMMEDIATE: nobody else can commit until it ends). */
  begin(): void {
    const now = this.stmt.dataVersion.get() as number;
    if (now !== this.dataVersion) this.discard();
    this.dataVersion = now;
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
