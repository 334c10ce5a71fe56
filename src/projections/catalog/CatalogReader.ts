import type Database from "better-sqlite3";
import * as Schema from "effect/Schema";
import { existsSync } from "node:fs";
import { openCatalog } from "./openCatalog.js";

const Json = <A, I>(s: Schema.Schema<A, I>) => Schema.parseJson(s);
const Source = Schema.String;

export const RuleRow = Schema.Struct({
  id: Schema.String,
  content: Schema.String,
  scope: Schema.String,
  related_to: Json(Schema.Array(Schema.String)),
  status: Schema.Literal("active", "retired"),
  retired_reason: Schema.NullOr(Schema.String),
  recorded_at: Schema.String,
  retired_at: Schema.NullOr(Schema.String),
  position: Schema.Number,
  source: Source,
  actor: Schema.NullOr(Schema.String),
});
export type RuleRow = typeof RuleRow.Type;

export const DecisionRow = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  reasoning: Schema.String,
  alternatives: Json(Schema.Array(Schema.Struct({ title: Schema.String, reasonRejected: Schema.String }))),
  status: Schema.String,
  related_to: Json(Schema.Array(Schema.String)),
  superseded_by: Schema.NullOr(Schema.String),
  supersede_reason: Schema.NullOr(Schema.String),
  recorded_at: Schema.String,
  position: Schema.Number,
  source: Source,
  actor: Schema.NullOr(Schema.String),
});
export type DecisionRow = typeof DecisionRow.Type;

export const ConventionRow = Schema.Struct({
  id: Schema.String,
  pattern: Schema.String,
  example: Schema.String,
  scope: Schema.String,
  recorded_at: Schema.String,
  position: Schema.Number,
  source: Source,
  actor: Schema.NullOr(Schema.String),
});
export type ConventionRow = typeof ConventionRow.Type;

export const FileRow = Schema.Struct({
  path: Schema.String,
  content_hash: Schema.NullOr(Schema.String),
  language: Schema.NullOr(Schema.String),
  size: Schema.NullOr(Schema.Number),
  mtime: Schema.NullOr(Schema.Number),
  status: Schema.Literal("changed", "parsed", "failed", "skipped"),
  reason: Schema.NullOr(Schema.String),
  parser_version: Schema.NullOr(Schema.String),
  symbols: Schema.Number,
  changed_position: Schema.NullOr(Schema.Number),
  parsed_position: Schema.NullOr(Schema.Number),
});
export type FileRow = typeof FileRow.Type;

const decodeAll = <A, I>(schema: Schema.Schema<A, I>, rows: unknown[]): A[] => {
  const decode = Schema.decodeUnknownSync(schema);
  return rows.map((r) => decode(r));
};

/** Read-only access to catalog.db for queries, status and hooks (never writes). */
export class CatalogReader {
  private constructor(private readonly db: Database.Database | null) {}

  /** A catalog that has not been built yet reads as empty rather than failing. */
  static open(path: string): CatalogReader {
    return new CatalogReader(existsSync(path) ? openCatalog(path, { readonly: true }) : null);
  }

  private all(sql: string, ...params: unknown[]): unknown[] {
    return this.db ? this.db.prepare(sql).all(...params) : [];
  }

  rules(options: { readonly includeRetired?: boolean } = {}): RuleRow[] {
    return decodeAll(
      RuleRow,
      this.all(`SELECT * FROM rules ${options.includeRetired ? "" : "WHERE status = 'active'"} ORDER BY position`),
    );
  }

  decisions(options: { readonly includeSuperseded?: boolean } = {}): DecisionRow[] {
    return decodeAll(
      DecisionRow,
      this.all(`SELECT * FROM decisions ${options.includeSuperseded ? "" : "WHERE status != 'superseded'"} ORDER BY position`),
    );
  }

  conventions(): ConventionRow[] {
    return decodeAll(ConventionRow, this.all("SELECT * FROM conventions ORDER BY position"));
  }

  files(): FileRow[] {
    return decodeAll(FileRow, this.all("SELECT * FROM files ORDER BY path"));
  }

  fileCounts(): Record<string, number> {
    const rows = this.all("SELECT status, COUNT(*) AS n FROM files GROUP BY status") as { status: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  skipReasons(): Record<string, number> {
    const rows = this.all(
      "SELECT reason, COUNT(*) AS n FROM files WHERE status IN ('skipped', 'failed') GROUP BY reason",
    ) as { reason: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.reason, r.n]));
  }

  checkpoint(): number {
    const row = this.all("SELECT position FROM checkpoint WHERE name = 'catalog'")[0] as { position: number } | undefined;
    return row?.position ?? 0;
  }

  lastRun(): { run_id: string; started_at: string; completed_at: string | null; duration_ms: number | null } | null {
    return (this.all("SELECT * FROM index_runs ORDER BY started_at DESC LIMIT 1")[0] as never) ?? null;
  }

  /** Every table as plain rows: replay tests compare two of these. */
  dump(): Record<string, unknown[]> {
    const tables = ["files", "rules", "decisions", "conventions", "index_runs", "checkpoint"];
    return Object.fromEntries(tables.map((t) => [t, this.all(`SELECT * FROM ${t} ORDER BY 1`)]));
  }

  close(): void {
    this.db?.close();
  }
}
