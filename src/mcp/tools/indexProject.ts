import * as Schema from "effect/Schema";
import { SOURCE_LANGUAGES } from "../../shared/index.js";
import { projectPath } from "../projectPath.js";
import { defineTool } from "../tool.js";

export const indexProjectTool = defineTool({
  name: "index_project",
  title: "Index the project",
  description:
    "Brings the index up to date with the disk, parsing and projecting only what changed (a delta, not a rebuild). Call it when index_status reports stale files or after edits outside the editor. Example: {\"path\": \"src/api\"}",
  toolset: "core",
  input: Schema.Struct({
    path: Schema.optionalWith(Schema.String.pipe(Schema.maxLength(1_000)).annotations({ description: "Folder to index, relative to the root", default: "." }), {
      default: () => ".",
    }),
    languages: Schema.optionalWith(
      Schema.Array(Schema.Literal(...SOURCE_LANGUAGES)).pipe(Schema.maxItems(SOURCE_LANGUAGES.length)).annotations({ description: "Only these languages (default: all or the config's)" }),
      { default: () => [] },
    ),
  }),
  output: Schema.Struct({
    files_indexed: Schema.Number,
    files_changed: Schema.Number,
    files_deleted: Schema.Number,
    nodes: Schema.Number,
    edges: Schema.Number,
    /** Git commits recorded by this run (0 where history is not read). */
    commits_recorded: Schema.Number,
    /** Why git history is not recorded, the first time it is so. */
    history_note: Schema.NullOr(Schema.String),
    duration_ms: Schema.Number,
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (input, ctx) => {
    const scope = projectPath(ctx.root, input.path);
    const summary = await ctx.index({ scope, languages: input.languages });
    const sum = (r: Readonly<Record<string, number>> | undefined) => Object.values(r ?? {}).reduce((a, b) => a + b, 0);
    const graph = summary.graph;
    return {
      files_indexed: summary.files.scanned,
      files_changed: summary.files.changed,
      files_deleted: summary.files.deleted,
      nodes: graph ? graph.files + sum(graph.symbols) : 0,
      edges: graph ? sum(graph.edges) : 0,
      commits_recorded: summary.history?.observed ?? 0,
      history_note: summary.history?.note ?? null,
      duration_ms: Math.round(summary.durationMs),
    };
  },
  render: (o) =>
    `indexed ${o.files_indexed} files in ${(o.duration_ms / 1000).toFixed(1)} s: ${o.files_changed} changed, ${o.files_deleted} deleted; graph: ${o.nodes.toLocaleString("en-US")} nodes, ${o.edges.toLocaleString("en-US")} edges` +
    (o.commits_recorded > 0 ? `; ${o.commits_recorded.toLocaleString("en-US")} new git commits recorded` : "") +
    (o.history_note !== null ? `\nhistory: ${o.history_note}` : ""),
});

