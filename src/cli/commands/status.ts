import type { Command } from "commander";
import * as Either from "effect/Either";
import { findStaleFiles } from "../../commands/scan/index.js";
import { acquireEngineLock, engineLockHolder } from "../../engine/index.js";
import { headPosition, type LogHandle } from "../../events/index.js";
import { PARSE_REACTOR, readReactorCheckpoint } from "../../parse/reactor/index.js";
import { parsedByAnotherVersion } from "../../parse/version.js";
import { settingsFromConfig } from "../../projections/embed/createEmbedder.js";
import { describeEmbedding, embeddingText } from "../../projections/embed/describeEmbedding.js";
import {
  CatalogReader,
  GraphReader,
  openProjectors,
  PROJECTION_NAMES,
  type GraphCounts,
  type GraphQueryable,
  type Projector,
} from "../../projections/index.js";
import { withProject, type ProjectContext } from "../context.js";
import { formatTable } from "../output.js";

/** Events a consumer still has to see: only the types it handles count, so skipped markers are not "behind". */
const pendingFor = (log: LogHandle, types: ReadonlyArray<string>, after: number): number =>
  types.length === 0
    ? 0
    : (log.db
        .prepare(`SELECT COUNT(*) FROM events WHERE type IN (${types.map(() => "?").join(",")}) AND position > ?`)
        .pluck()
        .get(...types, after) as number);

interface ReadModelStatus {
  readonly position: number;
  readonly version: number | null;
  readonly behind: number;
}

const kinds = (counts: Readonly<Record<string, number>>): string =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${n.toLocaleString("en-US")} ${k}`)
    .join(", ") || "none";

const listSome = (paths: ReadonlyArray<string>, max = 5): string =>
  paths.length <= max ? paths.join(", ") : `${paths.slice(0, max).join(", ")}, … (${paths.length - max} more)`;

/**
 * Checkpoints and graph counts need the read models open; only the engine may hold Kuzu, so
 * while an engine runs, status reads what SQLite alone can answer and names the engine.
 */
const readModels = async (
  ctx: ProjectContext,
  canEmbed: boolean,
): Promise<{ engine: number | null; models: Record<string, ReadModelStatus>; graph: GraphCounts | null }> => {
  const models: Record<string, ReadModelStatus> = {};
  const holder = engineLockHolder(ctx.paths.lock);
  const lock = holder === null ? acquireEngineLock(ctx.paths.lock) : null;
  if (lock === null || Either.isLeft(lock)) {
    const catalog = CatalogReader.open(ctx.paths.catalog);
    try {
      const position = catalog.checkpoint();
      models.catalog = { position, version: null, behind: headPosition(ctx.log) - position };
    } finally {
      catalog.close();
    }
    return { engine: holder ?? (lock !== null && Either.isLeft(lock) ? lock.left.pid : null), models, graph: null };
  }
  let projectors: Projector[] = [];
  try {
    // The chunk model cannot open without its embedder; the embedding line says why.
    const names = canEmbed ? PROJECTION_NAMES : PROJECTION_NAMES.filter((n) => n !== "chunks");
    projectors = await openProjectors(ctx.paths, ctx.config, ctx.log, names);
    let graph: GraphCounts | null = null;
    for (const p of projectors) {
      const cp = await p.checkpoint();
      models[p.name] = { position: cp.position, version: cp.version, behind: pendingFor(ctx.log, p.handles, cp.position) };
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
        const embedding = describeEmbedding(settingsFromConfig(ctx.config.embedding));
        const { engine, models, graph } = await readModels(ctx, embedding.problem === null);
        const catalog = CatalogReader.open(ctx.paths.catalog);
        try {
          const files = catalog.files();
          // Parsed by another version of the extractors: the next index parses them again.
          const outdated = files.filter((f) => f.status === "parsed" && parsedByAnotherVersion(f.parser_version)).map((f) => f.path);
          const stale = { ...findStaleFiles(ctx.paths.root, files, ctx.config.index.max_file_bytes), outdated };
          const status = {
            root: ctx.paths.root,
            logHead: head,
            engine: engine === null ? null : { pid: engine },
            embedding,
            parse: { position: reactorAt, behind: pendingFor(ctx.log, ["FileChanged"], reactorAt) },
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
            `engine    ${engine === null ? "not running" : `pid ${engine} owns the read models (graph and chunk checkpoints not shown)`}`,
            `embedding ${embeddingText(embedding)}`,
            "",
            formatTable(
              ["read model", "checkpoint", "behind"],
              [
                ["parse", `#${reactorAt}`, `${status.parse.behind} files`],
                ...Object.entries(models).map(([n, s]) => [n, `#${s.position}`, `${s.behind} events`]),
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
