import { Command, CommanderError } from "commander";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerCommands } from "../../src/cli/subcommands/index.js";

/**
 * Commands that take free-form words on purpose: `query <tool> --arg value …` hands everything
 * after the tool's name to the tool's own argument parser.
 */
const TAKES_ANY_WORDS = new Set(["query"]);
const NOWHERE = join(tmpdir(), "nemesis-no-such-project", "nowhere");

/** Every command that runs an action (the leaves, and groups such as `rule` that answer on their own), with its path from the program. */
const commandsOf = (cmd: Command, path: string[] = []): Array<{ path: string[]; cmd: Command }> =>
  cmd.commands.flatMap((sub) => {
    const here = [...path, sub.name()];
    return sub.commands.length > 0 ? commandsOf(sub, here) : [{ path: here, cmd: sub }];
  });

/**
 * A command line that gives every argument and required option of the command, plus one word too
 * many. `--root` names a folder that does not exist: should an action run after all, it finds no
 * project and writes nothing.
 */
const withOneExtra = (path: string[], cmd: Command): string[] => {
  const args = cmd.registeredArguments.map(() => "x");
  const options = cmd.options.filter((o) => o.mandatory).flatMap((o) => [o.long!, "x"]);
  return ["--root", NOWHERE, ...path, ...args, ...options, "one-word-too-many"];
};

describe("an extra positional argument is a usage error everywhere", async () => {
  const program = new Command("nemesis").option("--root <dir>").exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
  await registerCommands(program, []);
  const cases = commandsOf(program)
    .filter(({ path, cmd }) => !TAKES_ANY_WORDS.has(path[0]!) && !cmd.registeredArguments.some((a) => a.variadic))
    .map(({ path, cmd }) => [path.join(" "), withOneExtra(path, cmd)] as const);

  it("covers the memory commands", () => {
    expect(cases.map(([name]) => name)).toEqual(expect.arrayContaining(["rule add", "rule list", "rule retire", "decision add", "decision list", "decision supersede", "convention add", "convention list"]));
  });

  it.each(cases)("nemesis %s", async (_name, argv) => {
    // Commander rejects the extra word before the action runs, so nothing here touches a project.
    const error = await program.parseAsync(argv, { from: "user" }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CommanderError);
    expect((error as CommanderError).code).toBe("commander.excessArguments");
  });
});
