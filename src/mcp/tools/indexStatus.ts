import * as Schema from "effect/Schema";
import { progressText } from "../../engine/index.js";
import { defineTool, READ_ONLY } from "../tool.js";
import type { ToolContext } from "../ToolContext.js";
import { WatcherStatus, watcherLine, watcherStatus } from "./watcherStatus.js";

const Counts = Schema.Record({ key: Schema.String, value: Schema.Number });

/** Where one reader of the log stands against its head. */
const lagFields = {
  position: Schema.Number,
  /** Events of the types it applies after its checkpoint: its work still to do. */
  pending: Schema.Number,
  /** Later events of other types, which it skips: why its checkpoint may trail the head while it is current. */
  not_for_it: Schema.Number,
};

/** The embedder's id; a misconfigured one is what status must say, not a failure of the status call. */
const embedderLine = (ctx: ToolContext): string => {
  try {
    return ctx.embedder()?.id ?? "none (keyword search only)";
  } catch (e) {
    return `cannot embed: ${e instanceof Error ? e.message : String(e)}`;
  }
};

export const indexStatusTool = defineTool({
  name: "index_status",
  title: "Index status",
  description:
    "How current the index is: last run, file and graph counts, files changed on disk, each read model's lag, the watcher, the embedder. Call it when answers look out of date. Example: {}",
  toolset: "core",
  input: Schema.Struct({}),
  output: Schema.Struct({
    last_indexed: Schema.NullOr(Schema.String),
    files: Counts,
    nodes: Counts,
    edges: Counts,
    /** Why files were not indexed (too large, binary, …), by reason. */
    skipped: Counts,
    stale_files: Schema.Array(Schema.String),
    deleted_files: Schema.Array(Schema.String),
    /** Parsed by an older version of Nemesis's extractors: the next index parses them again. */
    outdated_files: Schema.Array(Schema.String),
    log_head: Schema.Number,
    /** The parser's checkpoint: recorded file changes not parsed yet. */
    parse: Schema.Struct(lagFields),
    read_models: Schema.Array(Schema.Struct({ name: Schema.String, ...lagFields, version: Schema.NullOr(Schema.Number), behind_up_to: Schema.Number })),
    watcher: WatcherStatus,
    embedder: Schema.String,
    /** How far the index under way got ("parsed 120 of 900 files"), null when none runs. */
    indexing: Schema.NullOr(Schema.String),
    memory: Schema.Struct({ rules: Schema.Number, decisions: Schema.Number, conventions: Schema.Number }),
  }),
  annotations: READ_ONLY,
  run: async (_input, ctx) => {
    const catalog = ctx.catalog();
    const run = catalog.lastRun();
    const stale = ctx.staleFiles();
    const counts = await ctx.graphCounts();
    const embedder = embedderLine(ctx);
    const state = await ctx.indexState();
    const progress = await ctx.logProgress();
    const lag = (l: { readonly position: number; readonly pending: number; readonly notForIt: number }) => ({ position: l.position, pending: l.pending, not_for_it: l.notForIt });
    return {
      last_indexed: run?.completed_at ?? run?.started_at ?? null,
      files: catalog.fileCounts(),
      nodes: counts ? { File: counts.files, ...counts.symbols } : {},
      edges: counts ? { ...counts.edges } : {},
      skipped: catalog.skipReasons(),
      stale_files: stale.changed,
      deleted_files: stale.missing,
      outdated_files: [...stale.outdated],
      log_head: progress.head,
      parse: lag(progress.parse),
      read_models: (await ctx.readModels()).map((m) => {
        const counted = progress.models.find((c) => c.name === m.name);
        return { name: m.name, ...lag(counted ?? { position: m.position, pending: 0, notForIt: 0 }), version: counted?.version ?? null, behind_up_to: m.behindUpTo };
      }),
      watcher: watcherStatus(ctx.watcherState()),
      embedder,
      indexing: state.kind === "indexing" ? progressText(state.progress) : null,
      memory: { rules: catalog.rules().length, decisions: catalog.decisions().length, conventions: catalog.conventions().length },
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
      `stale: ${
        o.stale_files.length + o.deleted_files.length + o.outdated_files.length === 0
          ? "none"
          : [
              o.stale_files.length ? `${o.stale_files.length} changed on disk (${some(o.stale_files)})` : "",
              o.deleted_files.length ? `${o.deleted_files.length} deleted (${some(o.deleted_files)})` : "",
              o.outdated_files.length ? `${o.outdated_files.length} parsed by an older version of Nemesis` : "",
            ]
              .filter(Boolean)
              .join("; ") + `: ${remedy}`
      }`,
      `read models: ${o.read_models.map((m) => `${m.name} #${m.position}${m.behind_up_to ? ` (catching up to #${m.behind_up_to})` : ""}`).join(", ")}`,
      `watcher: ${watcherLine(o.watcher)}`,
      `embedder: ${o.embedder}`,
      `memory: ${o.memory.rules} rules, ${o.memory.decisions} decisions, ${o.memory.conventions} conventions`,
    ].join("\n");
  },
});
