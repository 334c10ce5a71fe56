import type Database from "better-sqlite3";
import * as Either from "effect/Either";
import { rmSync } from "node:fs";
import { currentSchemaVersion, decodePayload, GRAPH_EVENT_TYPES, GRAPH_STREAM_PREFIX, normaliseLabel, type RecordedEvent } from "../../events/index.js";
import type { Projector } from "../Projector.js";
import { openScratchStore } from "./openScratchStore.js";

/** 1: graphs, nodes and edges tables (graphs.db). */
export const SCRATCH_VERSION = 1;
export const SCRATCH_HANDLES: ReadonlyArray<string> = GRAPH_EVENT_TYPES;

/**
 * The key of the checkpoint row in graphs.db: the name the model was registered under before it
 * was called `scratch`. Stores on disk keep it, so they open as they are, without a rebuild.
 */
const STORED_KEY = "graphs";

const statements = (db: Database.Database) => ({
  checkpoint: db.prepare(`SELECT position, version FROM checkpoint WHERE name = '${STORED_KEY}'`),
  saveCheckpoint: db.prepare(
    `INSERT INTO checkpoint (name, position, version) VALUES ('${STORED_KEY}', ?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position, version = excluded.version`,
  ),
  touchGraph: db.prepare(
    "INSERT INTO graphs (name, version, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at",
  ),
  dropGraph: db.prepare("DELETE FROM graphs WHERE name = ?"),
  dropNodes: db.prepare("DELETE FROM nodes WHERE graph = ?"),
  dropEdges: db.prepare("DELETE FROM edges WHERE graph = ?"),
  node: db.prepare("SELECT type, properties FROM nodes WHERE graph = ? AND label = ?"),
  // OR REPLACE: a log written by hand (or an older build) that adds a node twice still projects.
  insertNode: db.prepare("INSERT OR REPLACE INTO nodes (graph, label, norm, type, properties, seq) VALUES (?, ?, ?, ?, ?, ?)"),
  updateNode: db.prepare("UPDATE nodes SET type = ?, properties = ? WHERE graph = ? AND label = ?"),
  deleteNode: db.prepare("DELETE FROM nodes WHERE graph = ? AND label = ?"),
  deleteEdgesFrom: db.prepare("DELETE FROM edges WHERE graph = ? AND source = ?"),
  deleteEdgesTo: db.prepare("DELETE FROM edges WHERE graph = ? AND target = ?"),
  edge: db.prepare("SELECT properties FROM edges WHERE graph = ? AND source = ? AND target = ? AND relation = ?").pluck(),
  insertEdge: db.prepare("INSERT OR REPLACE INTO edges (graph, source, target, relation, properties, seq) VALUES (?, ?, ?, ?, ?, ?)"),
  updateEdge: db.prepare("UPDATE edges SET properties = ? WHERE graph = ? AND source = ? AND target = ? AND relation = ?"),
  deleteEdge: db.prepare("DELETE FROM edges WHERE graph = ? AND source = ? AND target = ? AND relation = ?"),
});

type Data = Record<string, any>;

/** A current-version payload is used as appended (the command built it); an older one is upcast and decoded. */
const payloadOf = (event: RecordedEvent): Data => {
  if (event.schema === currentSchemaVersion(event.type)) return event.data as Data;
  const decoded = decodePayload(event as RecordedEvent & { type: never });
  if (Either.isLeft(decoded)) throw decoded.left;
  return decoded.right as Data;
};

const merged = (old: string, extra: object): string => JSON.stringify({ ...(JSON.parse(old) as object), ...extra });

/**
 * Projects the `graph:<name>` streams into graphs.db: one row per graph, node and edge, as
 * the write side's fold (commands/scratch/GraphState.ts) sees them. Applies each event exactly
 * once: events at or below the checkpoint are skipped, so a catch-up racing another (a tool
 * syncing while the engine's pass runs) never replays an older add over a newer removal.
 */
export class ScratchProjector implements Projector {
  readonly name = "scratch";
  readonly version = SCRATCH_VERSION;
  readonly handles = SCRATCH_HANDLES;
  private db: Database.Database;
  private stmt: ReturnType<typeof statements>;

  constructor(private readonly path: string) {
    this.db = openScratchStore(path);
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
    this.db
      .transaction(() => {
        const done = this.checkpointNow().position;
        if (upTo <= done) return;
        // Each graph's row is touched once per batch, with its last event.
        const touched = new Map<string, RecordedEvent>();
        for (const event of events) {
          if (event.position <= done || !event.stream.startsWith(GRAPH_STREAM_PREFIX)) continue;
          const graph = event.stream.slice(GRAPH_STREAM_PREFIX.length);
          if (event.type === "GraphDeleted") touched.delete(graph);
          else touched.set(graph, event);
          this.applyOne(graph, event);
        }
        for (const [graph, last] of touched) this.stmt.touchGraph.run(graph, last.version, last.recordedAt, last.recordedAt);
        this.stmt.saveCheckpoint.run(upTo, this.version);
      })
      .immediate();
  }

  private applyOne(graph: string, event: RecordedEvent): void {
    const s = this.stmt;
    const d = payloadOf(event);
    if (event.type === "GraphDeleted") {
      s.dropEdges.run(graph);
      s.dropNodes.run(graph);
      s.dropGraph.run(graph);
      return;
    }
    switch (event.type) {
      case "GraphNodeAdded":
        // The command added it because it was not there, and each event is applied once: no lookup.
        s.insertNode.run(graph, d.label, normaliseLabel(d.label), d.type, JSON.stringify(d.properties), event.position);
        return;
      case "GraphNodeUpdated": {
        const old = s.node.get(graph, d.label) as { type: string | null; properties: string } | undefined;
        if (old === undefined) s.insertNode.run(graph, d.label, normaliseLabel(d.label), d.type, JSON.stringify(d.properties), event.position);
        else s.updateNode.run(d.type ?? old.type, merged(old.properties, d.properties), graph, d.label);
        return;
      }
      case "GraphNodeRemoved":
        s.deleteEdgesFrom.run(graph, d.label);
        s.deleteEdgesTo.run(graph, d.label);
        s.deleteNode.run(graph, d.label);
        return;
      case "GraphEdgeAdded":
        s.insertEdge.run(graph, d.source, d.target, d.relation, JSON.stringify(d.properties), event.position);
        return;
      case "GraphEdgeUpdated": {
        const old = s.edge.get(graph, d.source, d.target, d.relation) as string | undefined;
        if (old === undefined) s.insertEdge.run(graph, d.source, d.target, d.relation, JSON.stringify(d.properties), event.position);
        else s.updateEdge.run(merged(old, d.properties), graph, d.source, d.target, d.relation);
        return;
      }
      case "GraphEdgeRemoved":
        s.deleteEdge.run(graph, d.source, d.target, d.relation);
        return;
    }
  }

  async reset(): Promise<void> {
    this.db.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(this.path + suffix, { force: true });
    this.db = openScratchStore(this.path);
    this.stmt = statements(this.db);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
