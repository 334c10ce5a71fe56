import * as Either from "effect/Either";
import type { NemesisConfig, NemesisPaths } from "../config/index.js";
import { recordSessionStart } from "../commands/index.js";
import { collectGarbage, nativeMemoryTrimmer, routeDamageReports, asDiskFull } from "../shared/index.js";
import {
  connectEngine,
  Engine,
  EngineGone,
  engineOwner,
  engineSocketPath,
  listenEngineSocket,
  engineQueries,
  EventLogDamaged,
  watchControl,
  type EngineQueries,
  type EngineSocket,
  type LogHandle,
  type OwnedWatchControl,
  type Progress,
  type StartWatcher,
  type WatcherEvents,
  type SocketClient,
} from "../engine/index.js";
import { refreshArchitectureCache } from "./tools/architectureBase.js";
import { graphWarmer } from "./graphWarmer.js";
import type { Logger } from "./logger.js";
import { ALL_TOOLS, callTool, type ToolAnswer } from "./registry.js";
import { toolWarmer } from "./warmTools.js";
import type { ToolDefinition } from "./tool.js";
import { toolContext, type ToolCaller, type ToolContext } from "./ToolContext.js";

export type { Progress };

/** A trim that gave back less than this is not worth a line in the log. */
const LOG_TRIM_MB = 1;

/**
 * Where tool calls go: this process's own engine when it owns the project, else the owner's
 * socket. When the owner goes away, the next call finds a new one (taking ownership if it can):
 * a read-only call in flight is retried once; a write is reported as failed, since it may have run.
 */
export interface ProjectBackend {
  /**
   * `among`: the tools this process serves (what its client lists), or every tool of the
   * registry, for the prompts and resources that read through a tool of a set not served.
   */
  call(name: string, args: unknown, caller: ToolCaller, progress?: Progress, among?: "served" | "all"): Promise<ToolAnswer>;
  /** "owner" or "client of pid N", for logs and tests. */
  role(): string;
  /** The role once this process has become the owner or reached it (rejects when neither happened). */
  connected(): Promise<string>;
  close(): Promise<void>;
  /** Records that `client` began session `sessionId` (an MCP `initialize`): a SessionStarted in the log. */
  startSession(client: string, sessionId: string): void;
}

export interface BackendOptions {
  readonly paths: NemesisPaths;
  readonly config: NemesisConfig;
  readonly log: LogHandle;
  readonly tools: ReadonlyArray<ToolDefinition>;
  readonly logger: Logger;
  /**
   * `serve`: an owner listens on the socket, indexes the disk in the background and follows the
   * log. `once` (`nemesis query`): an owner catches up on the log, answers and exits.
   */
  readonly mode: "serve" | "once";
  /** Engine options for tests (an in-process parser). */
  readonly engine?: Parameters<typeof Engine.open>[1];
  /**
   * Starts a file watcher (src/sources/watcher), handed in by the composition root: an owner in
   * `serve` mode runs one. Without it the watch_project tool says this process cannot watch.
   */
  readonly startWatcher?: StartWatcher;
  /**
   * What an owner watches once it has caught up with the disk: a folder ("" for all), or null
   * for nothing until watch_project asks. Default: all of it when `[watcher] enabled`.
   */
  readonly watch?: { readonly scope: string } | null;
  /** What the watcher reports (`nemesis watch` prints a line per batch). Default: warnings and repairs go to the log. */
  readonly watcherEvents?: WatcherEvents;
}

interface Owner {
  readonly kind: "owner";
  readonly engine: Engine;
  readonly models: EngineQueries;
  readonly socket: EngineSocket | null;
  readonly watcher: OwnedWatchControl | null;
  /** Stops following the log (a no-op until following started) and warming the tools. */
  stop(): Promise<void>;
  /** Settles when the first catch-up is over. */
  readonly ready: Promise<void>;
  /** Settles when no load of the graph for the graph tools is under way (see `warmGraph`). */
  warmed(): Promise<void>;
  /** Hands damage reports back to whoever had them before this owner. */
  unroute(): void;
}
interface Client {
  readonly kind: "client";
  readonly pid: number;
  readonly client: SocketClient;
}
type Connection = Owner | Client;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const openProjectBackend = async (options: BackendOptions): Promise<ProjectBackend> => {
  const { paths, config, log, tools, logger, mode } = options;
  const socketPath = mode === "serve" ? engineSocketPath(paths.root) : undefined;
  let closed = false;

  const watcherEvents: WatcherEvents = options.watcherEvents ?? {
    onWarning: (m) => logger.error(`watcher: ${m}`),
    onReconcile: (r) => {
      if (r.changed + r.deleted > 0) logger.info(`watcher: a reconciliation scan found ${r.changed} changed and ${r.deleted} deleted files the file events missed`);
    },
  };
  const watchFrom = options.watch !== undefined ? options.watch : config.watcher.enabled ? { scope: "" } : null;

  const becomeOwner = async (): Promise<Owner | null> => {
    // A server's reports of damaged stores belong in its log as well as on stderr.
    const unroute = mode === "serve" ? routeDamageReports((line) => logger.error(line)) : () => {};
    let opened;
    try {
      opened = await Engine.open({ paths, config, log }, { ...(socketPath ? { socket: socketPath } : {}), ...options.engine });
    } catch (e) {
      unroute();
      throw e;
    }
    if (Either.isLeft(opened)) {
      unroute();
      return null;
    }
    const engine = opened.right;
    /**
     * A failed pass: the log's damage is said once with what to do (every later pass fails the
     * same way until a person steps in); anything else as it is, each time.
     */
    let saidLogDamage = false;
    const passFailed = (what: string, e: unknown) => {
      // A full disk is one line (what to free), not a stack; the next append retries the pass.
      const full = asDiskFull(e, paths.dir, "call index_project again");
      if (full !== null) return logger.error(what, full.message);
      const damage = engine.readModelFailed(e, new Map());
      if (damage instanceof EventLogDamaged) {
        if (!saidLogDamage) logger.error(damage.message);
        saidLogDamage = true;
      } else logger.error(what, e);
    };
    // Only a long-lived owner watches: a one-shot `nemesis query` is gone before a save could matter.
    const watcher = mode === "serve" && options.startWatcher ? watchControl(engine, options.startWatcher, watcherEvents) : null;
    // It starts once the engine has caught up with the disk; until then index_status says it is starting, not off.
    if (watcher && watchFrom) watcher.plan(watchFrom.scope);
    const models = engineQueries(engine, watcher);
    const context = (caller: ToolCaller, progress?: Progress): ToolContext => toolContext(models, caller, progress);
    // Calls from other processes are served from every tool: each front end offers its own sets
    // (a `--toolsets core,graph` window, or `nemesis query`, beside an owner serving core only).
    const run = (name: string, args: unknown, caller: ToolCaller, progress?: Progress) =>
      callTool(ALL_TOOLS, name, args, context(caller, progress), (e) => logger.error(`${name} failed`, e), (m) => logger.error(m));
    let socket: EngineSocket | null = null;
    let stopFollowing = () => {};
    let ready: Promise<void>;
    const warming = graphWarmer(() => models.warmGraph(), (e) => logger.error("loading the graph for the graph tools failed", e));
    // Idle-time work: not while a pass runs or the watcher holds changes it has not handed over.
    const busy = () => engine.busy || (watcher?.state()?.behindSince ?? null) !== null;
    // What malloc keeps free after native work goes back to the system: at once when a burst of
    // changes is over (after its garbage, which holds native buffers, is collected), and every
    // TRIM_INTERVAL_MS under a load that never pauses (docs/benchmarks.md, the soak).
    // NEMESIS_MALLOC_TRIM=0 keeps it all (the soak bench's comparison).
    const trimmer =
      process.env.NEMESIS_MALLOC_TRIM === "0"
        ? null
        : nativeMemoryTrimmer(
            (line) => logger.info(line),
            (t) => {
              if (t.rssBeforeMb - t.rssAfterMb >= LOG_TRIM_MB) logger.info(`returned freed native memory to the system: RSS ${Math.round(t.rssBeforeMb)} → ${Math.round(t.rssAfterMb)} MB in ${Math.round(t.ms)} ms`);
            },
          );
    // Once a burst of changes is over and its warm-ups are done, its garbage goes at once rather
    // than staying in the RSS until V8 gets to it (docs/benchmarks.md, the soak).
    const settled = () => {
      collectGarbage();
      trimmer?.request(true);
    };
    const warmer = toolWarmer(tools, () => context({ name: "nemesis", source: "mcp" }), logger, busy, settled);
    if (mode === "serve") {
      socket = await listenEngineSocket(socketPath!, async (request, progress) => {
        if (request.method === "list") return tools.map((t) => t.name);
        const p = request.params as { name: string; arguments: unknown; caller: ToolCaller };
        return run(p.name, p.arguments, p.caller, (done, total, message) => progress({ done, total, message }));
      });
      // Catch up with the disk, then follow the log (and watch the files): answers meanwhile say what is not yet indexed.
      ready = context({ name: "nemesis", source: "mcp" })
        .index({})
        .then((s) => logger.info(`caught up: ${s.files.changed} changed, ${s.files.deleted} deleted of ${s.files.scanned} files in ${Math.round(s.durationMs)} ms`))
        .catch((e) => passFailed("background index failed", e))
        .then(async () => {
          if (closed) return;
          // The graph tools' first call after a change would otherwise load the graph's nodes
          // and edges itself: load them once the graph has changed and settled.
          stopFollowing = engine.follow({
            onError: (e) => passFailed("catch-up failed", e),
            onCaughtUp: (r, head) => {
              watcher?.projected(head);
              if (r.projections.some((p) => p.name === "graph" && (p.events > 0 || p.rebuilt))) warming.changed();
              // A pass that moved no read model (a ContextServed after each answer, a SessionStarted) leaves the warm-ups as they are.
              if (r.projections.some((p) => p.events > 0 || p.rebuilt)) {
                warmer.changed();
                trimmer?.request();
              }
            },
          });
          warming.changed();
          // The first save after a start would load the graph's resolver state itself (~4.5 s on
          // sympy): load it now, while nobody waits. A save arriving meanwhile waits for the same load.
          for (const p of engine.projectors) void p.warmUp?.().catch((e: unknown) => logger.error(`warming up the ${p.name} projector failed (its first change loads instead)`, e));
          await watcher?.startPlanned().catch((e) => logger.error("the file watcher did not start", e));
          // The session-start hook's picture of the project, computed while nobody is waiting.
          await refreshArchitectureCache(context({ name: "nemesis", source: "mcp" })).catch((e) => logger.error("architecture summary failed", e));
          // What the tools keep between calls, loaded before a client asks (get_architecture's first call, get_smart_context's graph).
          void warmer.warm();
        });
    } else {
      ready = engine.catchUp().then(() => undefined);
    }
    logger.info(`engine started for ${paths.root}${socket ? ` (socket ${socket.path})` : ""}`);
    return {
      kind: "owner",
      engine,
      models,
      socket,
      watcher,
      ready,
      stop: async () => {
        stopFollowing();
        warming.stop();
        await warmer.stop();
        await trimmer?.stop();
      },
      unroute,
      warmed: () => warming.idle(),
    };
  };

  const becomeClient = async (): Promise<Client | null> => {
    const owner = engineOwner(paths.lock);
    if (owner === null || owner.socket === null) return null;
    try {
      const client = await connectEngine(owner.socket);
      return { kind: "client", pid: owner.pid, client };
    } catch {
      return null;
    }
  };

  /** Owner if nobody else is; else a client of the owner; for up to `waitMs` while a new owner starts. */
  const establish = async (waitMs: number): Promise<Connection> => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const owner = engineOwner(paths.lock);
      const attempt = owner === null ? await becomeOwner() : await becomeClient();
      if (attempt) return attempt;
      if (Date.now() > deadline) {
        const holder = engineOwner(paths.lock);
        throw new Error(
          holder
            ? `the engine of this project (pid ${holder.pid}) does not answer on its socket; stop it with \`kill ${holder.pid}\` and retry`
            : "could not start or reach the engine of this project; retry, or run `nemesis status` to see what holds it",
        );
      }
      await sleep(50);
    }
  };

  let current: Connection | null = null;
  let connection: Promise<Connection> = establish(5_000);
  const watchOwner = (c: Connection) => {
    current = c;
    if (c.kind !== "client") return;
    c.client.closed.then(() => {
      if (closed) return;
      logger.info(`engine pid ${c.pid} went away; taking over or reconnecting`);
      connection = establish(10_000);
      connection.then(watchOwner, (e) => logger.error("reconnect failed", e));
    });
  };
  connection.then(watchOwner, () => {});

  const role = () => (current === null ? "starting" : current.kind === "owner" ? "owner" : `client of pid ${current.pid}`);

  const callOnce = async (name: string, args: unknown, caller: ToolCaller, progress: Progress | undefined, among: ReadonlyArray<ToolDefinition>): Promise<ToolAnswer> => {
    const c = await connection;
    if (c.kind === "owner") {
      if (mode === "once") await c.ready;
      const run = callTool(among, name, args, toolContext(c.models, caller, progress), (e) => logger.error(`${name} failed`, e), (m) => logger.error(m));
      return run;
    }
    return (await c.client.request("call", { name, arguments: args, caller }, (p) => {
      const { done, total, message } = p as { done: number; total?: number; message: string };
      progress?.(done, total, message);
    })) as ToolAnswer;
  };

  return {
    call: async (name, args, caller, progress, among = "served") => {
      // The owner's socket serves every tool to its front ends already.
      const list = among === "all" ? ALL_TOOLS : tools;
      try {
        return await callOnce(name, args, caller, progress, list);
      } catch (e) {
        if (!(e instanceof EngineGone)) throw e;
        const readOnly = list.find((t) => t.name === name)?.annotations.readOnlyHint ?? false;
        if (!readOnly) {
          return { content: [{ type: "text", text: `${name}: the engine stopped while answering, so the write may or may not be stored; check with get_project_context before retrying` }], isError: true };
        }
        // Let the drop be noticed, then retry once on whoever owns the project now.
        await sleep(20);
        return callOnce(name, args, caller, progress, list);
      }
    },
    role,
    startSession: (client, sessionId) => {
      recordSessionStart(options.log, { client, sessionId, meta: { source: "mcp", actor: client } });
    },
    connected: async () => {
      const c = await connection;
      return c.kind === "owner" ? "owner" : `client of pid ${c.pid}`;
    },
    close: async () => {
      closed = true;
      const c = await connection.catch(() => null);
      if (c === null) return;
      if (c.kind === "client") c.client.close();
      else {
        await c.stop();
        await c.socket?.close();
        await c.ready.catch(() => undefined);
        await c.watcher?.stop();
        await c.warmed();
        await c.models.close();
        await c.engine.close();
        c.unroute();
      }
    },
  };
};
