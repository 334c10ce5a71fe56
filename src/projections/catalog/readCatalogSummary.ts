import { existsSync } from "node:fs";
import { openCatalog } from "./openCatalog.js";

/** What the session-start hook tells an agent, as catalog.db holds it. */
export interface CatalogSummary {
  /** Log position the catalog has applied. */
  readonly checkpoint: number;
  /** Files by status (changed = recorded, not parsed yet). */
  readonly statuses: Readonly<Record<string, number>>;
  /** Indexed files (parsed or waiting to be) by language, most first. */
  readonly languages: ReadonlyArray<{ readonly language: string; readonly files: number }>;
  readonly bytes: number;
  /**
   * Every indexed file with what the catalog recorded of it: what a stale check compares with the
   * disk. Last modified first: a check stopped by its time budget has looked at the likeliest.
   */
  readonly indexed: ReadonlyArray<{ readonly path: string; readonly content_hash: string | null; readonly size: number | null; readonly mtime: number | null }>;
  /** Active rules, oldest first. */
  readonly rules: ReadonlyArray<{ readonly id: string; readonly content: string; readonly scope: string }>;
  /** Decisions in force, newest first. */
  readonly decisions: ReadonlyArray<{ readonly id: string; readonly title: string; readonly reasoning: string; readonly recorded_at: string }>;
  /** Conventions, oldest first. */
  readonly conventions: ReadonlyArray<{ readonly id: string; readonly pattern: string; readonly example: string; readonly scope: string }>;
}

/**
 * Reads the summary in a handful of queries, or null when catalog.db does not exist yet (nothing
 * indexed, no memory). Rows are taken as the catalog's own schema declares them instead of
 * decoded through CatalogReader's Schemas: the hook runs on every session start and cannot
 * afford the schema library; the columns read here are NOT NULL in that schema or checked below.
 */
export const readCatalogSummary = (path: string): CatalogSummary | null => {
  if (!existsSync(path)) return null;
  const db = openCatalog(path, { readonly: true });
  try {
    const all = <T>(sql: string): T[] => db.prepare(sql).all() as T[];
    const checkpoint = (db.prepare("SELECT position FROM checkpoint WHERE name = 'catalog'").pluck().get() as number | undefined) ?? 0;
    const statuses = Object.fromEntries(all<{ status: string; n: number }>("SELECT status, COUNT(*) AS n FROM files GROUP BY status").map((r) => [r.status, r.n]));
    const indexedWhere = "status IN ('parsed', 'changed', 'failed')";
    const languages = all<{ language: string | null; files: number }>(
      `SELECT language, COUNT(*) AS files FROM files WHERE ${indexedWhere} AND language IS NOT NULL AND language != 'manifest' GROUP BY language ORDER BY files DESC, language`,
    ).map((r) => ({ language: r.language ?? "?", files: r.files }));
    const bytes = (db.prepare(`SELECT COALESCE(SUM(size), 0) FROM files WHERE ${indexedWhere}`).pluck().get() as number) ?? 0;
    return {
      checkpoint,
      statuses,
      languages,
      bytes,
      // Rows as arrays: a large project has tens of thousands, and objects cost twice as much to build.
      indexed: (db.prepare(`SELECT path, content_hash, size, mtime FROM files WHERE ${indexedWhere} ORDER BY mtime DESC`).raw().all() as Array<[string, string | null, number | null, number | null]>).map(
        ([path, content_hash, size, mtime]) => ({ path, content_hash, size, mtime }),
      ),
      rules: all("SELECT id, content, scope FROM rules WHERE status = 'active' ORDER BY position"),
      decisions: all("SELECT id, title, reasoning, recorded_at FROM decisions WHERE status != 'superseded' ORDER BY position DESC"),
      conventions: all("SELECT id, pattern, example, scope FROM conventions ORDER BY position"),
    };
  } finally {
    db.close();
  }
};
