import * as Schema from "effect/Schema";
import { progressText } from "../../engine/index.js";
import { defineTool, READ_ONLY } from "../tool.js";
import { WatcherStatus, watcherLine, watcherStatus } from "./watcherStatus.js";

const Counts = Schema.Record({ key: Schema.String, value: Schema.Number });

export const indexStatusTool = defineTool({
  name: "index_status",
  title: "Index status",
  description:
    "How current the index is: last run, files by status, graph counts by kind, files changed on disk since, each read model's lag, the watcher, the embedder. Call it when answers look out of date. Example: {}",
  toolset: "core",
  input: Schema.Struct({}),
  output: Schema.Struct({
    last_indexed: Schema.NullOr(Schema.String),
    files: Counts,
    nodes: Counts,
    edges: Counts,
    stale_files: Schema.Array(Schema.String),
    deleted_files: Schema.Array(Schema.String),
    read_models: Schema.Array(Schema.Struct({ name: Schema.String, position: Schema.Number, behind_up_to: Schema.Number })),
    watcher: WatcherStatus,
    embedder: Schema.String,
    /** How far the index under way got ("parsed 120 of 900 files"), null when none runs. */
    indexing: Schema.NullOr(Schema.String),
  }),
  annotations: READ_ONLY,
  run: async (_input, ctx) => {
    const catalog = ctx.catalog();
    const run = catalog.lastRun();
    const stale = ctx.staleFiles();
    const counts = await ctx.graphCounts();
    const embedder = ctx.embedder();
    const state = await ctx.indexState();
    return {
      last_indexed: run?.completed_at ?? run?.started_at ?? null,
      files: catalog.fileCounts(),
      nodes: counts ? { File: counts.files, ...counts.symbols } : {},
      edges: counts ? { ...counts.edges } : {},
      stale_files: stale.changed,
      deleted_files: stale.missing,
      read_models: (await ctx.readModels()).map((m) => ({ name: m.name, position: m.position, behind_up_to: m.behindUpTo })),
      watcher: watcherStatus(ctx.watcherState()),
      embedder: embedder ? embedder.id : "none (keyword search only)",
      indexing: state.kind === "indexing" ? progressText(state.progress) : null,
    };
  },
  render: (o) => {
    const kinds = (r: Readonly<Record<string, number>>) =>
      Object.entries(r)
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${n} ${k}`)
        .join(", ") || "none";
    // While an index runs, asking for another is never the advice.
    const remedy = o.indexing === null ? "call index_project" : `an index is under way (${o.indexing})`;
    const some = (paths: ReadonlyArray<string>) => (paths.length <= 10 ? paths.join(", ") : `${paths.slice(0, 10).join(", ")}, … (${paths.length - 10} more)`);
    return [
      `last indexed: ${o.last_indexed ?? `never (${remedy})`}`,
      `files: ${kinds(o.files)}`,
      `nodes: ${kinds(o.nodes)}`,
      `edges: ${kinds(o.edges)}`,
      `stale: ${o.stale_files.length + o.deleted_files.length === 0 ? "none" : [o.stale_files.length ? `${o.stale_files.length} changed on disk (${some(o.stale_files)})` : "", o.deleted_files.length ? `${o.deleted_files.length} deleted (${some(o.deleted_files)})` : ""].filter(Boolean).join("; ") + `: ${remedy}`}`,
      `read models: ${o.read_models.map((m) => `${m.name} #${m.position}${m.behind_up_to ? ` (catching up to #${m.behind_up_to})` : ""}`).join(", ")}`,
      `watcher: ${watcherLine(o.watcher)}`,
      `embedder: ${o.embedder}`,
    ].join("\n");
  },
});
