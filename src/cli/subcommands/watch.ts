import type { Command } from "commander";
import { nemesisPaths } from "../../config/index.js";
import { describeConfiguredEmbedding } from "../../engine/index.js";
import type { ProjectBackend } from "../../mcp/index.js";
import type { BatchReport, ReconcileReport } from "../../sources/index.js";
import { openProjectAt } from "../context.js";
import { CliError } from "../errors.js";
import { indexTarget } from "../indexTarget.js";
import { startWatcher } from "../startWatcher.js";
import { initProject } from "./init.js";
import { importWatcher } from "../../sources/lazy.js";
import { importLogger, importRegistry, importProjectBackend } from "../../mcp/lazy.js";

const clock = (): string => new Date().toTimeString().slice(0, 8);
const n = (x: number) => x.toLocaleString("en-US");
const count = (x: number, one: string, many: string) => `${n(x)} ${x === 1 ? one : many}`;

export const batchLine = (b: BatchReport): string =>
  b.changed + b.deleted === 0
    ? `${count(b.paths, "path", "paths")} saved, contents unchanged`
    : `${n(b.changed)} changed, ${n(b.deleted)} deleted (${count(b.paths, "path", "paths")}): visible ${n(b.visibleAfterMs)} ms after the save`;

export const reconcileLine = (r: ReconcileReport): string =>
  `reconciled ${count(r.files, "file", "files")} in ${n(r.durationMs)} ms: ${r.changed + r.deleted === 0 ? "nothing missed" : `${n(r.changed)} changed and ${n(r.deleted)} deleted repaired`}`;

/**
 * `nemesis watch [path]`: keeps the index current until Ctrl-C, printing one line per batch. It
 * runs the engine itself (and serves other local processes on its socket, as `serve` does); when
 * an engine runs already (an editor's `nemesis serve`), that engine watches and this prints its
 * batches from the state it records.
 */
export const registerWatch = (program: Command): void => {
  program
    .command("watch")
    .description("watch the project's files and keep the index current until Ctrl-C, one line per batch of saves")
    .argument("[path]", "a folder of the project to watch alone (default: all of it)")
    .action(async (path: string | undefined, _options: unknown, cmd: Command) => {
      const target = indexTarget(path, cmd.optsWithGlobals<{ root?: string }>().root);
      if (target.create) {
        initProject(target.root);
        process.stderr.write(`created a Nemesis project in ${target.root} (.nemesis/)\n`);
      }
      const ctx = openProjectAt(nemesisPaths(target.root));
      const embedding = describeConfiguredEmbedding(ctx.config.embedding);
      if (embedding.problem !== null) throw new CliError(embedding.problem);
      const scope = target.scope ?? "";
      const print = (line: string) => process.stdout.write(`${clock()} ${line}\n`);
      const { fileLogger } = await importLogger();
      const { ALL_TOOLS } = await importRegistry();
      const { openProjectBackend } = await importProjectBackend();
      const logger = fileLogger(ctx.paths.dir, "watch");
      const backend = await openProjectBackend({
        paths: ctx.paths,
        config: ctx.config,
        log: ctx.log,
        // Every tool: a `serve` of any tool set may become a front end of this engine.
        tools: ALL_TOOLS,
        logger,
        mode: "serve",
        startWatcher,
        watch: { scope },
        watcherEvents: {
          onBatch: (b) => print(batchLine(b)),
          onReconcile: (r) => print(reconcileLine(r)),
          onWarning: (w) => process.stderr.write(`nemesis: warning: ${w}\n`),
          onCommits: (n) => print(`history: ${n.toLocaleString("en-US")} new commit${n === 1 ? "" : "s"} recorded`),
        },
      });
      let stopping = false;
      let restore = async () => {};
      const stop = async () => {
        if (stopping) return;
        stopping = true;
        await restore().catch(() => undefined);
        await backend.close().catch((e) => logger.error("shutdown failed", e));
        ctx.close();
        process.exit(0);
      };
      process.on("SIGINT", () => void stop());
      process.on("SIGTERM", () => void stop());
      const where = `${target.root}${scope === "" ? "" : `/${scope}`}`;
      const role = await backend.connected();
      if (role === "owner") {
        print(`watching ${where} (debounce ${ctx.config.watcher.debounce_ms} ms, a reconciliation scan every ${ctx.config.watcher.reconcile_s} s); catching up with the disk first; Ctrl-C stops`);
        return;
      }
      await watchThroughOwner(backend, ctx.paths.dir, scope, `${where} (${role})`, print, (undo) => (restore = undo));
    });
};

/**
 * Another process owns the engine: ask it to watch, and print its batches from the state its
 * watcher records. On exit, a watcher this command started is stopped again.
 */
const watchThroughOwner = async (
  backend: ProjectBackend,
  nemesisDir: string,
  scope: string,
  where: string,
  print: (line: string) => void,
  onExit: (undo: () => Promise<void>) => void,
): Promise<void> => {
  const { readWatcherState } = await importWatcher();
  const caller = { name: "nemesis-watch", source: "cli" as const };
  const status = await backend.call("index_status", { json_output: true }, caller);
  const before = (status.structuredContent as { watcher?: unknown } | undefined)?.watcher ?? null;
  const answer = await backend.call("watch_project", { path: scope === "" ? "." : scope, enabled: true }, caller);
  if (answer.isError) throw new CliError(answer.content.map((c) => c.text).join("\n"));
  if (before === null) onExit(async () => void (await backend.call("watch_project", { enabled: false }, caller)));
  print(`the running engine watches ${where}; showing its batches; Ctrl-C stops${before === null ? " the watcher" : " showing them"}`);
  let lastBatch = readWatcherState(nemesisDir)?.lastBatch?.at;
  let lastScan = readWatcherState(nemesisDir)?.lastReconcile?.at;
  const tail = setInterval(() => {
    // The owner went away and this process took over: its own watcher prints its batches now.
    if (backend.role() === "owner") return clearInterval(tail);
    const state = readWatcherState(nemesisDir);
    if (state?.lastBatch && state.lastBatch.at !== lastBatch) print(batchLine(state.lastBatch));
    if (state?.lastReconcile && state.lastReconcile.at !== lastScan) print(reconcileLine(state.lastReconcile));
    lastBatch = state?.lastBatch?.at;
    lastScan = state?.lastReconcile?.at;
  }, 200);
};
