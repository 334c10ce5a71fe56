import * as Either from "effect/Either";
import { loadConfig, type NemesisConfig, type NemesisPaths } from "../config/index.js";
import { closeEventLog, type LogHandle, openEventLog } from "../events/index.js";
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
    throw new CliError(`cannot open ${paths.events}: ${(e as Error).message}`);
  }
  return { paths, config: config.right, log, close: () => closeEventLog(log) };
};

export const openProject = (options: GlobalOptions): ProjectContext => {
  const paths = locateProject(options);
  if (!paths) throw new CliError(noProjectMessage(options));
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
