import type { Command } from "commander";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { findProjectRoot, nemesisPaths } from "../../config/index.js";
import { openProjectAt } from "../context.js";
import { usageError } from "../errors.js";
import { startWatcher } from "../startWatcher.js";
import { implicitProjectMessage, implicitProjectRefusal } from "../implicitProject.js";
import { initProject } from "./init.js";
import { importCollectGarbage } from "../../shared/lazy.js";
import { importRegistry, importLogger, importProjectBackend, importMemoryLine, importServeHttp, importServeStdio } from "../../mcp/lazy.js";

interface ServeFlags {
  project?: string;
  http?: boolean;
  port: string;
  host: string;
  toolsets?: string;
}

/** `--toolsets core,graph` → the sets, checked against the registry's. */
export const parseToolsets = async (value: string) => {
  const { TOOLSETS } = await importRegistry();
  const sets = value.split(",").map((s) => s.trim()).filter(Boolean);
  const unknown = sets.filter((s) => !(TOOLSETS as ReadonlyArray<string>).includes(s));
  if (unknown.length > 0 || sets.length === 0) throw usageError(`--toolsets takes a comma-separated list of ${TOOLSETS.join(", ")}, not "${value}"`);
  return sets as Array<(typeof TOOLSETS)[number]>;
};

/**
 * The project `serve` acts on: --project, else --root, else the nearest project above the cwd,
 * else the cwd (made a project). A directory nobody named must look like a repository: a client
 * with no folder open starts the server in the home directory or `/` (see implicitProject.ts).
 */
const projectRoot = (flags: ServeFlags, globalRoot: string | undefined): string => {
  const explicit = flags.project ?? globalRoot;
  if (explicit !== undefined) return resolve(explicit);
  const root = findProjectRoot(process.cwd()) ?? process.cwd();
  const refusal = implicitProjectRefusal(root, true);
  if (refusal !== null) throw usageError(implicitProjectMessage("serve", root, refusal));
  return root;
};

export const registerServe = (program: Command): void => {
  program
    .command("serve")
    .description("run the MCP server for a project: stdio by default (what an MCP client starts), or Streamable HTTP with --http")
    .option("--project <dir>", "project root (default: the nearest project above the working directory, else the working directory when it holds .git or a manifest; never the home directory or /)")
    .option("--http", "serve Streamable HTTP on --host:--port instead of stdio (a bearer token is printed on stderr)")
    .option("--port <n>", "HTTP port", "7420")
    .option("--host <addr>", "HTTP address to bind (only loopback unless you mean it)", "127.0.0.1")
    .option("--toolsets <list>", "tool sets to serve, comma-separated: core, graph, history (default: [mcp] toolsets in the config, else core)")
    .action(async (flags: ServeFlags, cmd: Command) => {
      const chosen = flags.toolsets === undefined ? null : await parseToolsets(flags.toolsets);
      const root = projectRoot(flags, cmd.optsWithGlobals<{ root?: string }>().root);
      if (!existsSync(root)) throw usageError(`${root} does not exist: pass --project <dir> with an existing directory`);
      if (!existsSync(nemesisPaths(root).dir)) {
        const { created } = initProject(root);
        process.stderr.write(`nemesis: created a Nemesis project in ${root} (${created.join(", ")}); indexing it in the background\n`);
      }
      const ctx = openProjectAt(nemesisPaths(root));
      const { fileLogger } = await importLogger();
      const { selectTools } = await importRegistry();
      const { openProjectBackend } = await importProjectBackend();
      const { memoryLine } = await importMemoryLine();
      const logger = fileLogger(ctx.paths.dir, "serve");
      // `kill -USR2 <pid>`: one line of the process's memory in the log (the soak bench follows it).
      // After a full collection: what is live, not what awaits one.
      const { collectGarbage } = await importCollectGarbage();
      process.on("SIGUSR2", () => {
        collectGarbage();
        logger.info(memoryLine());
      });
      const tools = selectTools(chosen ?? ctx.config.mcp.toolsets);
      // The engine opens (and starts catching up with the disk, which keeps the event loop busy)
      // once the client has initialized, so the handshake is answered at once; a client that never
      // sends `initialized` gets it after a second anyway.
      let startOpening = () => {};
      const opening = new Promise<void>((r) => (startOpening = r)).then(() =>
        openProjectBackend({ paths: ctx.paths, config: ctx.config, log: ctx.log, tools, logger, mode: "serve", startWatcher }),
      );
      let stopping = false;
      const stop = async (code: number) => {
        if (stopping) return;
        stopping = true;
        await (await opening.catch(() => null))?.close().catch((e) => logger.error("shutdown failed", e));
        ctx.close();
        process.exit(code);
      };
      opening.catch((e) => {
        logger.error("could not open the project's engine", e);
        void stop(1);
      });
      process.on("SIGINT", () => void stop(0));
      process.on("SIGTERM", () => void stop(0));
      if (flags.http) {
        const port = Number(flags.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port must be a port number (0-65535), not "${flags.port}"`);
        const { serveHttp } = await importServeHttp();
        startOpening();
        const http = await serveHttp(await opening, tools, logger, { host: flags.host, port, token: ctx.config.mcp.http_token });
        process.stderr.write(`nemesis: MCP over Streamable HTTP at ${http.url} (send "Authorization: Bearer ${http.token}")\n`);
        return;
      }
      const { serveStdio } = await importServeStdio();
      const { closed } = await serveStdio(opening, tools, logger, startOpening);
      setTimeout(startOpening, 1_000).unref();
      await closed;
      await stop(0);
    });
};
