import type { Command } from "commander";
import { userInfo } from "node:os";
import { DuplicateContent, eventStoreOf, isTaggedError, type Command as WriteCommand, type MemoryKind, type Stored } from "../commands/index.js";
import { catchUpCatalog } from "../engine/index.js";
import type { EventMeta } from "../events/index.js";
// Straight from the catalog modules: the projections index also loads Kuzu, which a memory write never needs.
import type { ProjectContext } from "./context.js";
import { CliError } from "./errors.js";

/** Who is writing: `nemesis log` shows it. NEMESIS_ACTOR / NEMESIS_SESSION let wrappers name themselves. */
export const cliMeta = (): EventMeta => {
  let actor = process.env.NEMESIS_ACTOR ?? process.env.USER ?? process.env.USERNAME;
  if (!actor) {
    try {
      actor = userInfo().username;
    } catch {
      actor = undefined;
    }
  }
  const session = process.env.NEMESIS_SESSION;
  return { source: "cli", ...(actor ? { actor } : {}), ...(session ? { session } : {}) };
};

type CommandError = { readonly _tag: string; readonly message: string };

/** Bad input is a usage problem (exit 2); everything else the command refused is a failure (exit 1). */
const toCliError = (e: CommandError): CliError => new CliError(e.message, e._tag === "InvalidInput" ? 2 : 1);

const run = <E extends CommandError>(ctx: ProjectContext, command: WriteCommand<Stored, E>): Stored | E => command(eventStoreOf(ctx.log));

/**
 * Runs a memory command against the project's log, then brings catalog.db up to date so a
 * `list` right after shows the change.
 */
export const runMemoryCommand = async <E extends CommandError>(ctx: ProjectContext, command: WriteCommand<Stored, E>): Promise<Stored> => {
  const result = run(ctx, command);
  if (isTaggedError(result)) throw toCliError(result);
  await refreshCatalog(ctx, result.id);
  return result;
};

/** The commands that put another entry in place of one of each kind. */
const REPLACE: Record<MemoryKind, (id: string) => string> = {
  rule: (id) => `to replace it: nemesis rule retire ${id}, then add the new rule`,
  decision: (id) => `to replace it: record the new decision, then nemesis decision supersede ${id} --by <its id>`,
  convention: () => "conventions cannot be retired or replaced",
};

/**
 * Runs an add command and prints its outcome. Text already stored is reported with its id and
 * exits 0: what the user asked for holds, so a script that adds memory (the README's quick
 * start) can run twice. Every other refusal is an error.
 */
export const addMemory = async <E extends CommandError>(
  ctx: ProjectContext,
  command: WriteCommand<Stored, E>,
  print: { readonly json?: boolean | undefined; readonly verb: "Stored" | "Recorded" },
): Promise<void> => {
  const result = run(ctx, command);
  if (isTaggedError(result)) {
    const e = result;
    if (!(e instanceof DuplicateContent)) throw toCliError(e);
    process.stdout.write(
      print.json
        ? `${JSON.stringify({ id: e.existingId, alreadyRecorded: true })}\n`
        : `Already recorded as ${e.existingId}; nothing stored (${REPLACE[e.kind](e.existingId)})\n`,
    );
    return;
  }
  const stored = result;
  await refreshCatalog(ctx, stored.id);
  process.stdout.write(print.json ? `${JSON.stringify(stored)}\n` : `${print.verb} ${stored.id} (log #${stored.position})\n`);
};

export const refreshCatalog = async (ctx: ProjectContext, storedId?: string): Promise<void> => {
  try {
    await catchUpCatalog(ctx);
  } catch (e) {
    const done = storedId ? `${storedId} is stored, but ` : "";
    throw new CliError(`${done}catalog.db could not be updated (${(e as Error).message}): run \`nemesis replay\``);
  }
};

/**
 * A group of memory subcommands (`nemesis rule add|list|retire`). The group itself takes any
 * words, so that a bare or unknown subcommand reaches `subcommandRequired`'s message; its
 * subcommands must not inherit that (commander copies the setting into each subcommand it
 * creates), or an extra word such as `convention add "text"` would be dropped without a word.
 */
export const memoryGroup = (program: Command, group: string, description: string, subs: ReadonlyArray<string>): Command =>
  program.command(group).description(description).allowExcessArguments(true).action(subcommandRequired(group, subs));

/** Called once a group's subcommands are defined: each rejects words beyond its own arguments (exit 2). */
export const refuseExtraWords = (group: Command): void => {
  for (const sub of group.commands) sub.allowExcessArguments(false);
};

/**
 * The main text of an entry, given as the argument or as an option (for scripts written that
 * way); given both ways, the two must agree.
 */
export const argumentOrOption = (
  what: { readonly command: string; readonly name: string; readonly option: string; readonly example: string },
  argument: string | undefined,
  option: string | undefined,
): string => {
  if (argument !== undefined && option !== undefined && argument !== option) {
    throw new CliError(`two ${what.name}s given ("${argument}" and ${what.option} "${option}"): give the ${what.name} once, as the argument`, 2);
  }
  const text = argument ?? option;
  if (text === undefined) throw new CliError(`${what.command} needs a ${what.name}: ${what.example}`, 2);
  return text;
};

/** Rejects a bare group command (`nemesis rule`) or an unknown subcommand with one usage line. */
export const subcommandRequired = (group: string, subs: ReadonlyArray<string>) => (_options: unknown, cmd: { readonly args: string[] }) => {
  const sub = cmd.args[0];
  const choose = `choose ${subs.slice(0, -1).join(", ")} or ${subs[subs.length - 1]} (nemesis ${group} --help)`;
  throw new CliError(sub ? `unknown ${group} subcommand "${sub}": ${choose}` : `${group} needs a subcommand: ${choose}`, 2);
};
