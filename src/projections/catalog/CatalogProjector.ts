import type Database from "better-sqlite3";
import * as Either from "effect/Either";
import * as Schema from "effect/Schema";
import { rmSync } from "node:fs";
import { decodeEvent, decodePayload, EVENT_TYPES, EventCatalog, GRAPH_EVENT_TYPES, rowToEvent, type DecodedEvent, type EventRows, type RecordedEvent } from "../../events/index.js";
import type { Projector } from "../Projector.js";
import { FileRowCache } from "./FileRowCache.js";
import { fileChanged, fileParsed, fileSkipped, parseFailed, type ChangedFields } from "./fileTransitions.js";
import { openCatalog } from "./openCatalog.js";

/**
 * The few FileParsed fields the catalog keeps. The runner has SQLite extract just these
 * (see `summaries`), so a replay never builds the symbols and chunks: FileParsed is most of
 * the log's bytes.
 */
const ParsedFields = {
  path: Schema.String,
  contentHash: Schema.String,
  language: Schema.String,
  parserVersion: Schema.String,
};
// A caller that hands `apply` whole events (not through the runner) still gets the same result.
const FileParsedSummary = Schema.Union(
  Schema.Struct({ ...ParsedFields, symbolCount: Schema.Number }),
  Schema.transform(Schema.Struct({ ...ParsedFields, symbols: Schema.Array(Schema.Unknown) }), Schema.Struct({ ...ParsedFields, symbolCount: Schema.Number }), {
    strict: true,
    decode: ({ symbols, ...rest }) => ({ ...rest, symbolCount: symbols.length }),
    encode: ({ symbolCount, ...rest }) => ({ ...rest, symbols: Array.from({ length: symbolCount }) }),
  }),
);
/** The FileParsed and FileChanged fields applyRows reads (the catalog's read plan asks the log for only these). */
export const CATALOG_SUMMARIES = {
  FileParsed: {
    path: "$.path",
    contentHash: "$.contentHash",
    language: "$.language",
    parserVersion: "$.parserVersion",
    symbolCount: "length:$.symbols",
  },
};
const decodeFullSummary = Schema.decodeUnknownSync(FileParsedSummary);
type ParsedSummary = typeof FileParsedSummary.Type;
/** The runner hands over exactly the summary shape (built by the log, not by a person): check it by hand, as the schema would. */
const decodeParsedSummary = (u: unknown): ParsedSummary => {
  const d = u as Partial<Record<keyof ParsedSummary, unknown>> | null;
  return d !== null &&
    typeof d === "object" &&
    typeof d.path === "string" &&
    typeof d.contentHash === "string" &&
    typeof d.language === "string" &&
    typeof d.parserVersion === "string" &&
    typeof d.symbolCount === "number"
    ? (d as ParsedSummary)
    : decodeFullSummary(u);
};

/**
 * The catalog records every event but the scratch graphs' (file states, memory and index runs):
 * those have a read model of their own (projections/scratch), and a graph of 100,000 nodes would
 * otherwise be decoded here for nothing on every replay.
 */
/**
 * Scratch graphs and commits have read models of their own: the catalog never reads them (a replay
 * would decode every commit for nothing). Nor the context served: one is appended per answer, and
 * an event a projector handles makes the serving engine run a pass and warm the tools again.
 */
export const CATALOG_HANDLES = EVENT_TYPES.filter((t) => !(GRAPH_EVENT_TYPES as ReadonlyArray<string>).includes(t) && t !== "CommitObserved" && t !== "ContextServed");

const statements = (db: Database.Database) => ({
  checkpoint: db.prepare("SELECT position, version FROM checkpoint WHERE name = 'catalog'"),
  saveCheckpoint: db.prepare(
    "INSERT INTO checkpoint (name, position, version) VALUES ('catalog', ?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position, version = excluded.version",
  ),
  ruleStored: db.prepare(`INSERT INTO rules (id, content, scope, related_to, status, recorded_at, position, source, actor)
    VALUES (@id, @content, @scope, @relatedTo, 'active', @recordedAt, @position, @source, @actor)
    ON CONFLICT (id) DO UPDATE SET content = excluded.content, scope = excluded.scope, related_to = excluded.related_to`),
  ruleRetired: db.prepare("UPDATE rules SET status = 'retired', retired_reason = ?, retired_at = ? WHERE id = ?"),
  decisionRecorded: db.prepare(`INSERT INTO decisions (id, title, reasoning, alternatives, status, related_to, recorded_at, position, source, actor)
    VALUES (@id, @title, @reasoning, @alternatives, @status, @relatedTo, @recordedAt, @position, @source, @actor)
    ON CONFLICT (id) DO UPDATE SET title = excluded.title, reasoning = excluded.reasoning, alternatives = excluded.alternatives,
      related_to = excluded.related_to`),
  decisionSuperseded: db.prepare("UPDATE decisions SET status = 'superseded', superseded_by = ?, supersede_reason = ? WHERE id = ?"),
  conventionStored: db.prepare(`INSERT INTO conventions (id, pattern, example, scope, recorded_at, position, source, actor)
    VALUES (@id, @pattern, @example, @scope, @recordedAt, @position, @source, @actor)
    ON CONFLICT (id) DO UPDATE SET pattern = excluded.pattern, example = excluded.example, scope = excluded.scope`),
  runStarted: db.prepare(`INSERT INTO index_runs (run_id, root, started_at) VALUES (?, ?, ?) ON CONFLICT (run_id) DO NOTHING`),
  runCompleted: db.prepare(`UPDATE index_runs SET completed_at = ?, files = ?, changed = ?, deleted = ?, skipped = ?, duration_ms = ? WHERE run_id = ?`),
});

/**
 * 2: files WITHOUT ROWID (same rows; an older catalog.db is rebuilt into the new layout).
 * 3: a failed file keeps no parser version or symbol count of an earlier content.
 */
export const CATALOG_VERSION = 3;

/** A FileParsed summary row as the log hands it over (keyed by spec), checked by hand as the schema would. */
const parsedFromSummary = (raw: string): ParsedSummary | undefined => {
  const d = JSON.parse(raw) as Record<string, unknown>;
  const path = d["$.path"];
  const contentHash = d["$.contentHash"];
  const language = d["$.language"];
  const parserVersion = d["$.parserVersion"];
  const symbolCount = d["length:$.symbols"];
  return typeof path === "string" && typeof contentHash === "string" && typeof language === "string" && typeof parserVersion === "string" && typeof symbolCount === "number"
    ? { path, contentHash, language, parserVersion, symbolCount }
    : undefined;
};

/** A current-version FileChanged payload, checked by hand as the schema would; undefined sends it through the schema (which says what is wrong). */
const changedFromJson = (raw: string): ChangedFields | undefined => {
  const d = JSON.parse(raw) as Record<string, unknown>;
  const { path, contentHash, language, size, mtime } = d;
  return typeof path === "string" &&
    typeof contentHash === "string" &&
    (language === null || typeof language === "string") &&
    typeof size === "number" &&
    typeof mtime === "number"
    ? { path, contentHash, language, size, mtime }
    : undefined;
};

const FILE_CHANGED_VERSION = EventCatalog.FileChanged.version;
const FILE_PARSED_VERSION = EventCatalog.FileParsed.version;

/** Projects files, memory and index runs into catalog.db, checkpointed in the same transaction. */
export class CatalogProjector implements Projector {
  readonly name = "catalog";
  readonly version = CATALOG_VERSION;
  readonly handles = CATALOG_HANDLES;
  private db: Database.Database;
  private stmt: ReturnType<typeof statements>;
  private files: FileRowCache;

  constructor(private readonly path: string) {
    this.db = openCatalog(path);
    this.stmt = statements(this.db);
    this.files = new FileRowCache(this.db);
  }

  async checkpoint() {
    const row = this.stmt.checkpoint.get() as { position: number; version: number } | undefined;
    return row ?? { position: 0, version: this.version };
  }

  async apply(events: ReadonlyArray<RecordedEvent>, upTo: number): Promise<void> {
    this.inBatch(upTo, () => {
      for (const event of events) this.applyOne(event);
    });
  }

  /**
   * Rows straight from the log: a replay is nearly all FileChanged and FileParsed, read here
   * from their JSON without an event object; every other row goes through `applyOne`.
   */
  async applyRows(batch: EventRows, upTo: number): Promise<void> {
    const { rows, picks } = batch;
    const files = this.files;
    this.inBatch(upTo, () => {
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        const type = row[4];
        const schema = row[5];
        const data = row[6];
        if (typeof data === "string") {
          if (type === "FileChanged" && schema === FILE_CHANGED_VERSION) {
            const d = changedFromJson(data);
            if (d !== undefined) {
              files.set(d.path, fileChanged(files.get(d.path), d, row[0]));
              continue;
            }
          } else if (type === "FileParsed" && schema === FILE_PARSED_VERSION && picks?.has(type)) {
            const d = parsedFromSummary(data);
            if (d !== undefined) {
              files.set(d.path, fileParsed(files.get(d.path), d, row[0]));
              continue;
            }
          }
        }
        this.applyOne(rowToEvent(row, picks));
      }
    });
  }

  /**
   * One transaction: the events, the touched file rows, the checkpoint. IMMEDIATE: it reads
   * (the file rows) before it writes, and another writer committing in between would fail it.
   */
  private inBatch(upTo: number, body: () => void): void {
    try {
      this.db
        .transaction(() => {
          this.files.begin();
          body();
          this.files.flush();
          this.stmt.saveCheckpoint.run(upTo, this.version);
        })
        .immediate();
    } catch (e) {
      this.files.discard();
      throw e;
    }
  }

  private applyOne(event: RecordedEvent): void {
    const s = this.stmt;
    const files = this.files;
    if (event.type === "FileParsed") {
      const d = decodeParsedSummary(event.data);
      files.set(d.path, fileParsed(files.get(d.path), d, event.position));
      return;
    }
    if (event.type === "FileChanged" && event.schema === FILE_CHANGED_VERSION) {
      // Half of a replay: the payload alone, without the decoded-event wrapper.
      const decoded = decodePayload(event as RecordedEvent & { type: "FileChanged" });
      if (Either.isLeft(decoded)) throw decoded.left;
      const d = decoded.right;
      files.set(d.path, fileChanged(files.get(d.path), d, event.position));
      return;
    }
    const decoded = decodeEvent(event);
    // An event this build cannot read is a bug or a newer writer; failing loudly beats a silently wrong catalog.
    if (Either.isLeft(decoded)) throw decoded.left;
    const e: DecodedEvent = decoded.right;
    // Only memory events need who wrote them: reading meta for every file event would parse it for nothing.
    const who = () => ({ recordedAt: e.recordedAt, position: e.position, source: e.meta.source, actor: e.meta.actor ?? null });
    switch (e.type) {
      case "FileChanged":
        files.set(e.data.path, fileChanged(files.get(e.data.path), e.data, e.position));
        return;
      case "FileDeleted":
        files.set(e.data.path, undefined);
        return;
      case "FileSkipped":
        files.set(e.data.path, fileSkipped(files.get(e.data.path), e.data.path, e.data.reason, e.position));
        return;
      case "ParseFailed":
        files.set(e.data.path, parseFailed(files.get(e.data.path), e.data.contentHash, e.data.reason, e.position));
        return;
      case "RuleStored":
        s.ruleStored.run({ ...e.data, relatedTo: JSON.stringify(e.data.relatedTo), ...who() });
        return;
      case "RuleRetired":
        s.ruleRetired.run(e.data.reason, e.recordedAt, e.data.id);
        return;
      case "DecisionRecorded":
        s.decisionRecorded.run({
          ...e.data,
          alternatives: JSON.stringify(e.data.alternatives),
          relatedTo: JSON.stringify(e.data.relatedTo),
          ...who(),
        });
        return;
      case "DecisionSuperseded":
        s.decisionSuperseded.run(e.data.supersededBy, e.data.reason, e.data.id);
        return;
      case "ConventionStored":
        s.conventionStored.run({ ...e.data, ...who() });
        return;
      case "IndexRunStarted":
        s.runStarted.run(e.data.runId, e.data.root, e.recordedAt);
        return;
      case "IndexRunCompleted":
        s.runCompleted.run(
          e.recordedAt,
          e.data.files,
          e.data.changed,
          e.data.deleted,
          JSON.stringify(e.data.skipped),
          e.data.durationMs,
          e.data.runId,
        );
        return;
    }
  }

  async reset(): Promise<void> {
    this.db.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(this.path + suffix, { force: true });
    this.db = openCatalog(this.path);
    this.stmt = statements(this.db);
    this.files = new FileRowCache(this.db);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
