import { Either } from "effect";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { findProjectRoot, loadConfig, nemesisPaths, type NemesisConfig, type NemesisPaths } from "../config/index.js";
import { openEventLog, type LogHandle } from "../events/index.js";
import { CliError } from "./errors.js";

export interface ProjectContext {
  readonly paths: NemesisPaths;
  readonly config: NemesisConfig;
  readonly log: LogHandle;
  close(): void;
}

export interface GlobalOptions {
  readonly root?: string;
}

/** The project the command acts on: `--root`, else the nearest `.nemesis/` above the cwd. */
export const locateProject = (options: GlobalOptions): NemesisPaths | null => {
  if (options.root) {
    const root = resolve(options.root);
    return existsSync(nemesisPaths(root).dir) ? nemesisPaths(root) : null;
  }
  const found = findProjectRoot(process.cwd());
  return found ? nemesisPaths(found) : null;
};

export const openProjectAt = (paths: NemesisPaths): ProjectContext => {
  const config = loadConfig(paths.config);
  if (Either.isLeft(config)) throw new CliError(config.left.message, 1);
  let log: LogHandle;
  try {
    log = openEventLog(paths.events);
  } catch (e) {
    throw new CliError(`cannot open ${paths.events}: ${(e as Error).message}`);
  }
  return { paths, config: config.right, log, close: () => log.db.close() };
};

export const openProject = (options: GlobalOptions): ProjectContext => {
  const paths = locateProject(options);
  if (!paths) {
    throw new CliError(
      `no Nemesis project here (${options.root ?? process.cwd()}): run \`nemesis init\` in the project root, or pass --root <dir>`,
    );
  }
  return openProjectAt(paths);
};

/** Runs `f` with an open project and always closes it. */
export const withProject = async <A>(options: GlobalOptions, f: (ctx: ProjectContext) => Promise<A> | A): Promise<A> => {
  const ctx = openProject(options);
  try {
    return await f(ctx);
  } finally {
    ctx.close();
  }
};
