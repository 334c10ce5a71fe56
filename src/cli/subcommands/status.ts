import type { Command } from "commander";
import { describeConfiguredEmbedding, embeddingText, engineLockHolder } from "../../engine/index.js";
import { watcherLine } from "../../mcp/index.js";
import { askTool } from "../askTool.js";
import { withProject } from "../context.js";
import { formatTable } from "../output.js";
import { importIndexStatus } from "../../mcp/lazy.js";

interface ReadModelStatus {
  readonly position: number;
  readonly version: number | null;
  /** Events of the types it handles after its checkpoint: what it still has to apply. */
  readonly behind: number;
  /** Later events of other types: why its checkpoint may trail the head while it is up to date. */
  readonly notForIt: number;
}

/** A reader of the log as the tool states it, in status's JSON shape. */
const modelStatus = (l: { readonly position: number; readonly pending: number; readonly not_for_it: number }, version: number | null): ReadModelStatus => ({
  position: l.position,
  version,
  behind: l.pending,
  notForIt: l.not_for_it,
});

const plural = (n: number, one: string, many: string): string => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** `up to date (1 later event is not for it)`, `3 events to apply`: pending work first, then why the checkpoint trails the head. */
const stateText = (s: { readonly behind: number; readonly notForIt: number }, unit: "event" | "file"): string => {
  const work = s.behind === 0 ? "up to date" : `${plural(s.behind, unit, `${unit}s`)} to ${unit === "file" ? "parse" : "apply"}`;
  const others = s.notForIt === 0 ? "" : ` (${plural(s.notForIt, "later event is", "later events are")} not for it)`;
  return `${work}${others}`;
};

const ENGINE_NOT_RUNNING = "not running (queries read the indexes directly; `nemesis index` catches up)";

const kinds = (counts: Readonly<Record<string, number>>): string =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${n.toLocaleString("en-US")} ${k}`)
    .join(", ") || "none";

const listSome = (paths: ReadonlyArray<string>, max = 5): string =>
  paths.length <= max ? paths.join(", ") : `${paths.slice(0, max).join(", ")}, … (${paths.length - max} more)`;

export const registerStatus = (program: Command): void => {
  program
    .command("status")
    .description("show the log position against each read model's checkpoint, files, nodes and edges, stale files and memory")
    .option("--json", "print one JSON object")
    .action(async (options: { json?: boolean }, cmd: Command) => {
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const embedding = describeConfiguredEmbedding(ctx.config.embedding);
        const { indexStatusTool } = await importIndexStatus();
        const { value: o } = await askTool(ctx, indexStatusTool, {});
        // The engine's pid, whether it answered or not (then its read models are not shown).
        const engine = engineLockHolder(ctx.paths.lock);
        const models = Object.fromEntries(o.read_models.map((m) => [m.name, modelStatus(m, m.version)]));
        const { File: graphFiles = 0, ...symbols } = o.nodes;
        const graph = Object.keys(o.nodes).length > 0 ? { files: graphFiles, symbols, edges: o.edges } : null;
        const stale = { changed: o.stale_files, missing: o.deleted_files, outdated: o.outdated_files };
        const reactorAt = o.parse.position;
        const head = o.log_head;
        const watcher = o.watcher;
        const status = {
          root: ctx.paths.root,
          logHead: head,
          engine: engine === null ? null : { pid: engine },
          watcher,
          embedding,
          parse: modelStatus(o.parse, null),
          projections: models,
          files: o.files,
          skipped: o.skipped,
          stale,
          graph,
          memory: o.memory,
        };
        if (options.json) {
          process.stdout.write(`${JSON.stringify(status)}\n`);
          return;
        }
        const staleCount = stale.changed.length + stale.missing.length + stale.outdated.length;
        const lines = [
          `project   ${status.root}`,
          `log head  #${head}`,
          `engine    ${engine === null ? ENGINE_NOT_RUNNING : `pid ${engine} owns the read models${graph ? "" : " (graph and chunk checkpoints not shown: it did not answer on its socket)"}`}`,
          `watcher   ${watcher === null ? "off (nemesis watch, or nemesis serve with [watcher] enabled)" : watcherLine(watcher)}`,
          `embedding ${embeddingText(embedding)}`,
          "",
          formatTable(
            ["read model", "checkpoint", "state"],
            [
              ["parse", `#${reactorAt}`, stateText(status.parse, "file")],
              ...Object.entries(models).map(([n, s]) => [n, `#${s.position}`, stateText(s, "event")]),
            ],
          ),
          "",
          `files     ${Object.entries(status.files).map(([k, v]) => `${v} ${k}`).join(", ") || "none indexed yet (run nemesis index)"}`,
          ...(Object.keys(status.skipped).length > 0 ? [`reasons   ${kinds(status.skipped)}`] : []),
          `stale     ${
            staleCount === 0
              ? "none"
              : [
                  stale.changed.length > 0 ? `${stale.changed.length} changed on disk since indexed (${listSome(stale.changed)})` : "",
                  stale.missing.length > 0 ? `${stale.missing.length} deleted (${listSome(stale.missing)})` : "",
                  stale.outdated.length > 0 ? `${stale.outdated.length} parsed by an older version of Nemesis` : "",
                ]
                  .filter(Boolean)
                  .join("; ") + ": run nemesis index"
          }`,
          ...(graph
            ? [`nodes     ${graph.files.toLocaleString("en-US")} File, ${kinds(graph.symbols)}`, `edges     ${kinds(graph.edges)}`]
            : []),
          `memory    ${status.memory.rules} rules, ${status.memory.decisions} decisions, ${status.memory.conventions} conventions`,
        ];
        process.stdout.write(`${lines.join("\n")}\n`);
      });
    });
};
