import type { Command } from "commander";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as Either from "effect/Either";
import { CONFIG_TEMPLATE, loadConfig, nemesisPaths } from "../../config/index.js";
import { closeEventLog, openEventLog } from "../../events/index.js";
import { describeConfiguredEmbedding, embeddingText } from "../../engine/index.js";
import { CliError, usageError } from "../errors.js";
import { implicitProjectMessage, implicitProjectRefusal } from "../implicitProject.js";
import { initRefusal, inspectInitTarget, writeFailure } from "../initTarget.js";

/** Runs one write under the project's root; a failure the user can act on becomes a one-line error. */
const writing = <T>(path: string, write: () => T): T => {
  try {
    return write();
  } catch (e) {
    const reason = writeFailure(path, e);
    throw reason === null ? e : new CliError(reason);
  }
};

/**
 * Creates `.nemesis/` with a commented config and an empty log; running it twice changes nothing.
 * The path is judged before anything is written (`initRefusal`): not a directory, missing, or
 * on a filesystem the kernel makes up is a usage error.
 */
export const initProject = (rootDir: string): { created: string[]; root: string } => {
  const paths = nemesisPaths(rootDir);
  const refusal = initRefusal(inspectInitTarget(paths.root));
  if (refusal !== null) throw new CliError(refusal, 2);
  const created: string[] = [];
  if (!existsSync(paths.dir)) {
    // Not recursive: the root exists, and a recursive mkdir can loop where the kernel answers oddly.
    writing(paths.dir, () => mkdirSync(paths.dir));
    created.push(".nemesis/");
  }
  if (!existsSync(paths.config)) {
    writing(paths.config, () => writeFileSync(paths.config, CONFIG_TEMPLATE));
    created.push(".nemesis/config.toml");
  }
  if (!existsSync(paths.events)) {
    writing(paths.events, () => closeEventLog(openEventLog(paths.events)));
    created.push(".nemesis/events.db");
  }
  const gitignore = join(paths.root, ".gitignore");
  const current = existsSync(gitignore) ? readFileSync(gitignore, "utf8") : "";
  if (!current.split(/\r?\n/).some((l) => /^\/?\.nemesis\/?$/.test(l.trim()))) {
    writing(gitignore, () => appendFileSync(gitignore, `${current.length > 0 && !current.endsWith("\n") ? "\n" : ""}.nemesis/\n`));
    created.push(".gitignore entry");
  }
  return { created, root: paths.root };
};

export const registerInit = (program: Command): void => {
  program
    .command("init")
    .description("create .nemesis/ (config, event log) in a project and ignore it in git; safe to run twice")
    .argument("[dir]", "project root (default: the working directory, unless it is the home directory or /)")
    .action((dir: string | undefined) => {
      if (dir === undefined) {
        const refusal = implicitProjectRefusal(process.cwd(), false);
        if (refusal !== null) throw usageError(implicitProjectMessage("init", process.cwd(), refusal));
      }
      const { created, root } = initProject(resolve(dir ?? "."));
      const config = loadConfig(nemesisPaths(root).config);
      const embeddings = Either.isRight(config)
        ? embeddingText(describeConfiguredEmbedding(config.right.embedding))
        : `not known until the config is fixed (${config.left.message})`;
      process.stdout.write(
        created.length === 0
          ? `Nemesis is already set up in ${root}\nembeddings: ${embeddings}\n`
          : `Initialised Nemesis in ${root}: created ${created.join(", ")}\nembeddings: ${embeddings}\nNext: nemesis index   (or record memory: nemesis rule add "...")\n`,
      );
    });
};
