import type { Command } from "commander";
import * as Either from "effect/Either";
import { findStaleFiles, readWatcherState } from "../../sources/index.js";
import { acquireEngineLock, engineLockHolder, describeConfiguredEmbedding, embeddingText } from "../../engine/index.js";
import { countPendingEvents, EVENT_TYPES, headPosition, readReactorCheckpoint, type PendingEvents } from "../../events/index.js";
import { PARSE_REACTOR, parsedByAnotherVersion } from "../../parse/index.js";
import {
  CatalogReader,
  GraphReader,
  openProjectors,
  PROJECTIONS,
  PROJECTION_NAMES,
  type GraphCounts,
  type GraphQueryable,
  type Projector,
} from "../../projections/index.js";
import { watcherLine, watcherStatus } from "../../mcp/index.js";
import { withProject, type ProjectContext } from "../context.js";
import { formatTable } from "../output.js";

interface ReadModelStatus {
  readonly position: number;
  readonly version: number | null;
  /** Events of the types it handles after its checkpoint: what it still has to apply. */
  readonly behind: number;
  /** Later events of other types: why its checkpoint may trail the head while it is up to date. */
  readonly notForIt: number;
}

const modelStatus = (position: number, version: number | null, { pending, notForIt }: PendingEvents): ReadModelStatus => ({
  position,
  version,
  behind: pending,
  notForIt,
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

/** What status shows of the graph: files, symbols and edges by kind. */
type ShownGraph = Pick<GraphCounts, "files" | "symbols"> & { readonly edges: Readonly<Record<string, number>> };

/** The events a read model applies (the catalog's leave out scratch graphs, commits and the context served). */
const handlesOf = (name: string): ReadonlyArray<string> => (PROJECTIONS as Record<string, { handles: ReadonlyArray<string> } | undefined>)[name]?.handles ?? EVENT_TYPES;

/** The running engine's own checkpoints and graph counts (`index_status`), or null when none answers. */
const modelsFromEngine = async (ctx: ProjectContext): Promise<{ models: Record<string, ReadModelStatus>; graph: ShownGraph | null } | null> => {
  const { callRunningEngine } = await import("../runningEngine.js");
  const answer = await callRunningEngine(ctx.paths, "index_status", {});
  if (answer === null || !answer.ok) return null;
  const served = answer.value as {
    read_models: Array<{ name: string; position: number }>;
    nodes: Record<string, number>;
    edges: Record<string, number>;
  };
  const models: Record<string, ReadModelStatus> = {};
  for (const m of served.read_models) models[m.name] = modelStatus(m.position, null, countPendingEvents(ctx.log, m.position, handlesOf(m.name)));
  const { File: files = 0, ...symbols } = served.nodes;
  const graph = Object.keys(served.nodes).length > 0 ? { files, symbols, edges: served.edges } : null;
  return { models, graph };
};

/**
 * Checkpoints and graph counts need the read models open; only the engine may hold Kuzu, so
 * while an engine runs, status reads what SQLite alone can answer and names the engine.
 */
const readModels = async (
  ctx: ProjectContext,
  canEmbed: boolean,
): Promise<{ engine: number | null; models: Record<string, ReadModelStatus>; graph: ShownGraph | null }> => {
  const models: Record<string, ReadModelStatus> = {};
  const holder = engineLockHolder(ctx.paths.lock);
  const lock = holder === null ? acquireEngineLock(ctx.paths.lock) : null;
  if (lock === null || Either.isLeft(lock)) {
    const owner = holder ?? (lock !== null && Either.isLeft(lock) ? lock.left.pid : null);
    const served = await modelsFromEngine(ctx);
    if (served) return { engine: owner, ...served };
    const catalog = CatalogReader.open(ctx.paths.catalog);
    try {
      const position = catalog.checkpoint();
      models.catalog = modelStatus(position, null, countPendingEvents(ctx.log, position, handlesOf("catalog")));
    } finally {
      catalog.close();
    }
    return { engine: owner, models, graph: null };
  }
  let projectors: Projector[] = [];
  try {
    // The chunk model cannot open without its embedder; the embedding line says why.
    const names = canEmbed ? PROJECTION_NAMES : PROJECTION_NAMES.filter((n) => n !== "chunks");
    projectors = await openProjectors(ctx.paths, ctx.config, ctx.log, names);
    let graph: ShownGraph | null = null;
    for (const p of projectors) {
      const cp = await p.checkpoint();
      models[p.name] = modelStatus(cp.position, cp.version, countPendingEvents(ctx.log, cp.position, p.handles));
      if (p.name === "graph" && "query" in p) graph = await new GraphReader(p as Projector & GraphQueryable).counts();
    }
    return { engine: null, models, graph };
  } finally {
    for (const p of projectors) await p.close();
    lock.right.release();
  }
};

export const registerStatus = (program: Command): void => {
  program
    .command("status")
    .description("show the log position against each read model's checkpoint, files, nodes and edges, stale files and memory")
    .option("--json", "print one JSON object")
    .action(async (options: { json?: boolean }, cmd: Command) => {
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const head = headPosition(ctx.log);
        const reactorAt = readReactorCheckpoint(ctx.log, PARSE_REACTOR);
        const embedding = describeConfiguredEmbedding(ctx.config.embedding);
        const { engine, models, graph } = await readModels(ctx, embedding.problem === null);
        // The watcher runs inside the engine: a state left by any other process is not a running watcher.
        const watching = readWatcherState(ctx.paths.dir);
        const watcher = watcherStatus(engine !== null && watching?.pid === engine ? watching : null);
        const catalog = CatalogReader.open(ctx.paths.catalog);
        try {
          const files = catalog.files();
          // Parsed by another version of the extractors: the next index parses them again.
          const outdated = files.filter((f) => f.status === "parsed" && parsedByAnotherVersion(f.parser_version)).map((f) => f.path);
          const { changed, missing } = findStaleFiles(ctx.paths.root, files, ctx.config.index.max_file_bytes);
          const stale = { changed, missing, outdated };
          const status = {
            root: ctx.paths.root,
            logHead: head,
            engine: engine === null ? null : { pid: engine },
            watcher,
            embedding,
            parse: modelStatus(reactorAt, null, countPendingEvents(ctx.log, reactorAt, ["FileChanged"])),
            projections: models,
            files: catalog.fileCounts(),
            skipped: catalog.skipReasons(),
            stale,
            graph: graph ? { files: graph.files, symbols: graph.symbols, edges: graph.edges } : null,
            memory: {
              rules: catalog.rules().length,
              decisions: catalog.decisions().length,
              conventions: catalog.conventions().length,
            },
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
        } finally {
          catalog.close();
        }
      });
    });
};
