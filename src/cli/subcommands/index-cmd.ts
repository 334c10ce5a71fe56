import cliProgress from "cli-progress";
import type { Command } from "commander";
import { nemesisPaths } from "../../config/index.js";
import {
  indexProject,
  type IndexProgress,
  type IndexSummary,
  describeConfiguredEmbedding,
  embeddingText,
  type EmbeddingDescription,
} from "../../engine/index.js";
import { DiskFull } from "../../shared/index.js";
import { explainFailure, openProjectAt } from "../context.js";
import { CliError } from "../errors.js";
import { indexTarget } from "../indexTarget.js";
import { intOption } from "../intOption.js";
import { initProject } from "./init.js";

const STAGE_LABEL = { scan: "scanning", parse: "parsing ", project: "projecting" } as const;

/** A progress bar on stderr (files/s, ETA), only when stderr is a terminal. */
const progressBar = (): { update: (p: IndexProgress) => void; stop: () => void } | null => {
  if (!process.stderr.isTTY) return null;
  const bar = new cliProgress.SingleBar(
    {
      format: "{stage} [{bar}] {value}/{total} {unit} | {rate}/s | ETA {eta_formatted}",
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  let stage = "";
  let started = 0;
  return {
    update: (p) => {
      const key = p.stage === "project" ? `project:${p.name}` : p.stage;
      const [value, total] = p.stage === "project" ? [p.position, p.head] : [p.done, p.total];
      const label = p.stage === "project" ? `${STAGE_LABEL.project} ${p.name}` : STAGE_LABEL[p.stage];
      const unit = p.stage === "project" ? "events" : "files";
      if (key !== stage) {
        if (stage !== "") bar.stop();
        stage = key;
        started = performance.now();
        bar.start(total, 0, { stage: label, unit, rate: "0" });
      }
      const seconds = (performance.now() - started) / 1000;
      bar.setTotal(total);
      bar.update(value, { rate: seconds > 0 ? Math.round(value / seconds).toLocaleString("en-US") : "0" });
    },
    stop: () => {
      if (stage !== "") bar.stop();
    },
  };
};

const reasons = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n} ${reason}`)
    .join(", ");

const total = (counts: Record<string, number>): number => Object.values(counts).reduce((a, b) => a + b, 0);

const kinds = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${n.toLocaleString("en-US")} ${k}`)
    .join(", ") || "none";

/** What became of the one file asked for. */
const fileHeadline = (s: IndexSummary, file: string): string => {
  const f = s.files;
  if (f.scanned === 1) return `indexed ${file} of the project ${s.root} (the rest of it is left as it was)`;
  const why =
    total(f.skipped) > 0
      ? `is skipped (${reasons(f.skipped)})`
      : f.unsupported > 0
        ? "is in no language Nemesis indexes"
        : "is ignored (.gitignore, [index] ignore in .nemesis/config.toml, or a default such as node_modules/)";
  return `nothing indexed: ${file} ${why}${f.deleted > 0 ? "; its earlier index entry is removed" : ""}`;
};

/** The commits recorded; where history is not read, why, once (null after that: it was said). */
const historyLine = (h: IndexSummary["history"]): string | null => {
  if (h === null) return null;
  if (h.note !== null) return `history   ${h.note}`;
  if (!h.available) return null;
  return `history   ${h.observed === 0 ? "no new commits" : `${h.observed.toLocaleString("en-US")} new commit${h.observed === 1 ? "" : "s"} recorded`}`;
};

export const formatIndexSummary = (s: IndexSummary, embedding: EmbeddingDescription): string => {
  const f = s.files;
  const mb = (f.bytes / 1e6).toFixed(1);
  const lines = [
    s.file !== null ? fileHeadline(s, s.file) : s.scope === null ? `indexed ${s.root}` : `indexed ${s.scope}/ of the project ${s.root} (the rest of it is left as it was)`,
    `files     ${f.scanned} indexable (${mb} MB): ${f.changed} changed, ${f.unchanged} unchanged, ${f.deleted} deleted`,
    `skipped   ${total(f.skipped) === 0 ? "none" : `${total(f.skipped)} (${reasons(f.skipped)})`}; ${f.ignored} ignored, ${f.unsupported} in unsupported languages`,
  ];
  const history = historyLine(s.history);
  if (history !== null) lines.push(history);
  if (s.parse) {
    const failed = total(s.parse.failed);
    lines.push(
      `parsed    ${s.parse.parsed}${s.parse.rewritten ? ` (${s.parse.rewritten} changed again while indexing)` : ""}` +
        `${s.parse.deleted ? `, ${s.parse.deleted} vanished` : ""}${failed ? `, ${failed} failed (${reasons(s.parse.failed)})` : ""}`,
    );
  }
  if (s.graph) {
    lines.push(`nodes     ${s.graph.files.toLocaleString("en-US")} File, ${kinds(s.graph.symbols)}`);
    lines.push(`edges     ${kinds(s.graph.edges)}`);
  }
  lines.push(`embedding ${embeddingText(embedding)}`);
  if (s.engineBusy !== null) {
    lines.push(`engine    pid ${s.engineBusy} owns the read models and is parsing and projecting these changes`);
  }
  const t = s.timings;
  const projected = Object.entries(t.projectMs).map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)}s`).join(", ");
  const historyMs = t.historyMs >= 100 ? `, history ${(t.historyMs / 1000).toFixed(1)}s` : "";
  lines.push(
    `took      ${(s.durationMs / 1000).toFixed(1)}s (scan ${(t.scanMs / 1000).toFixed(1)}s${historyMs}, parse ${(t.parseMs / 1000).toFixed(1)}s${projected ? `, ${projected}` : ""})`,
  );
  return `${lines.join("\n")}\n`;
};

export const registerIndex = (program: Command): void => {
  program
    .command("index")
    .description("scan the project, record what changed in the log, parse and project it (outside any project, creates one here first, as init does)")
    .argument("[path]", "a directory or file of the project to index alone (default: all of it); a file's project is the nearest one above it")
    .option("--json", "print the summary as one JSON object")
    .option("--workers <n>", "parse worker threads (default: one per core, at most 8)", intOption("--workers", 1))
    .option("--no-progress", "never draw a progress bar")
    .action(async (path: string | undefined, options: { json?: boolean; workers?: number; progress?: boolean }, cmd: Command) => {
      const globals = cmd.optsWithGlobals() as { root?: string };
      const target = indexTarget(path, globals.root);
      const workers = options.workers;
      if (target.create) {
        const { created, root } = initProject(target.root);
        const gitignore = created.includes(".gitignore entry") ? ", added to .gitignore" : "";
        process.stderr.write(`created a Nemesis project in ${root} (.nemesis/${gitignore})\n`);
      }
      const ctx = openProjectAt(nemesisPaths(target.root));
      const bar = options.progress === false || options.json ? null : progressBar();
      try {
        const embedding = describeConfiguredEmbedding(ctx.config.embedding);
        // Before anything is recorded: an index that cannot embed would stop halfway.
        if (embedding.problem !== null) throw new CliError(embedding.problem);
        const summary = await indexProject(ctx, {
          ...(target.scope ? { scope: target.scope } : {}),
          ...(target.file !== undefined ? { file: target.file } : {}),
          ...(workers ? { workers } : {}),
          ...(bar ? { onProgress: bar.update } : {}),
        }).catch((e: unknown) => {
          throw e instanceof DiskFull ? e.withRetry("run `nemesis index` again") : e;
        });
        bar?.stop();
        process.stdout.write(options.json ? `${JSON.stringify({ ...summary, embedding })}\n` : formatIndexSummary(summary, embedding));
      } catch (e) {
        throw explainFailure(ctx, e);
      } finally {
        bar?.stop();
        ctx.close();
      }
    });
};
