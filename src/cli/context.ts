import * as Either from "effect/Either";
import { loadConfig, type NemesisConfig, type NemesisPaths } from "../config/index.js";
import { findDamage } from "../engine/index.js";
import { closeEventLog, EventLogDamaged, type LogHandle, openEventLog } from "../events/index.js";
import { CliError } from "./errors.js";
import { locateProject, noProjectMessage, type GlobalOptions } from "./locateProject.js";

export interface ProjectContext {
  readonly paths: NemesisPaths;
  readonly config: NemesisConfig;
  readonly log: LogHandle;
  close(): void;
}

export { locateProject, type GlobalOptions } from "./locateProject.js";

export const openProjectAt = (paths: NemesisPaths): ProjectContext => {
  const config = loadConfig(paths.config);
  if (Either.isLeft(config)) throw new CliError(config.left.message, 1);
  let log: LogHandle;
  try {
    log = openEventLog(paths.events);
  } catch (e) {
    if (e instanceof EventLogDamaged) throw e;
    throw new CliError(`cannot open ${paths.events}: ${(e as Error).message}`);
  }
  return { paths, config: config.right, log, close: () => closeEventLog(log) };
};

export const openProject = (options: GlobalOptions): ProjectContext => {
  const paths = locateProject(options);
  if (!paths) throw new CliError(noProjectMessage(options));
  return openProjectAt(paths);
};

/**
 * A command's failure as the CLI reports it. SQLite's failure for a damaged file does not say
 * which file: it becomes the damage of the file that shows it (a read model, with how to
 * rebuild it; the log, with how to recover it), not a bug.
 */
export const explainFailure = (ctx: ProjectContext, e: unknown): unknown => findDamage(ctx.paths, ctx.log, e) ?? e;

/** Runs `f` with an open project and always closes it (see explainFailure). */
export const withProject = async <A>(options: GlobalOptions, f: (ctx: ProjectContext) => Promise<A> | A): Promise<A> => {
  const ctx = openProject(options);
  try {
    return await f(ctx);
  } catch (e) {
    throw explainFailure(ctx, e);
  } finally {
    ctx.close();
  }
};
