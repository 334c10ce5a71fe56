import { asDiskFull } from "../shared/index.js";
import { CliError } from "./errors.js";

/**
 * How a command ended: `undefined` when it ran and the process may end on its own (a `serve`
 * keeps running), otherwise the code to exit with now.
 */
export type CliOutcome = number | undefined;

/** The command being run: the first argument that is neither a global option nor its value. */
const commandName = (args: ReadonlyArray<string>): string | undefined => {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--root") i++;
    else if (!a.startsWith("-")) return a;
  }
  return undefined;
};

const fail = (message: string, code: number): number => {
  process.stderr.write(`nemesis: ${message.split("\n")[0]}\n`);
  return code;
};

/** Errors the commands throw, reported as one line; anything else is a bug. */
const report = (e: unknown): number => {
  if (e instanceof CliError) return fail(e.message, e.exitCode);
  // A full disk, whichever store met it: what to free, not a stack trace.
  const full = asDiskFull(e, "the project's .nemesis/ folder");
  if (full !== null) return fail(full.message, 1);
  // Tagged errors (VersionConflict and the like) carry a message meant for people.
  if (e !== null && typeof e === "object" && "_tag" in e && e instanceof Error) return fail(e.message, 1);
  return fail(e instanceof Error ? `${e.message} (this is a bug; please report it with the command you ran)` : String(e), 1);
};

/**
 * `nemesis log` must answer in well under 200 ms, and a hook within tens of milliseconds of
 * Node's start-up: a well-formed one runs without commander.
 */
const runFast = async (args: ReadonlyArray<string>, name: string | undefined): Promise<boolean> => {
  if (name === "hook") return (await runSingleFileHook(args)) || (await import("./hooks/allHooks.js")).runAnyHookCommand(args);
  if (name !== "log") return false;
  const { parseLogArgs, runLog } = await import("./subcommands/log.js");
  const parsed = parseLogArgs(args);
  if (parsed === undefined) return false;
  await runLog(parsed.options, parsed.globals);
  return true;
};

/**
 * The light hooks from dist/hooks.js, one file beside the bundled dist/cli.js (see
 * cli/hooks/fastHooks.ts). Named at run time so the bundler leaves it alone; where it does not
 * exist (tsc's unbundled output, or these sources run in place) the split modules serve instead.
 */
const runSingleFileHook = async (args: ReadonlyArray<string>): Promise<boolean> => {
  let entry: { runFastHook(args: ReadonlyArray<string>): Promise<boolean> };
  try {
    entry = await import(new URL("./hooks.js", import.meta.url).href);
  } catch {
    return false;
  }
  return entry.runFastHook(args);
};

const runCommander = async (args: ReadonlyArray<string>, name: string | undefined): Promise<CliOutcome> => {
  const { Command, CommanderError, Help } = await import("commander");
  const { registerCommands } = await import("./subcommands/index.js");
  const program = new Command("nemesis")
    .description("Local context engine for AI coding agents: a live, event-sourced model of your project, served over MCP")
    .version("0.1.0")
    .option("--root <dir>", "project root (default: the nearest directory above the cwd with a .nemesis/ folder)")
    // One line on stderr for every usage error, like the errors the commands themselves report.
    .configureOutput({
      writeOut: (str) => process.stdout.write(str),
      writeErr: (str) => process.stderr.write(str),
      outputError: (str, write) => write(`nemesis: ${str.replace(/^error: /, "").replace(/\s+/g, " ").trim()} (run with --help for usage)\n`),
    })
    .exitOverride()
    // Commander's help does not tell a required option from an optional one; every subcommand inherits this.
    .configureHelp({
      optionDescription: (option) => {
        const text = Help.prototype.optionDescription.call(new Help(), option);
        return option.mandatory ? `${text} (required)` : text;
      },
    });
  await registerCommands(program, args, name);
  try {
    await program.parseAsync([...args], { from: "user" });
    return undefined;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help and version are successful exits; everything else commander rejects is a usage error.
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help") return 0;
      return 2;
    }
    throw e;
  }
};

/**
 * Runs one `nemesis` command line (the words after `nemesis`) in this process. Errors become
 * one line on stderr and an exit code; nothing here exits the process (main.ts does), so a test
 * can run a command without spawning one.
 */
export const runCli = async (args: ReadonlyArray<string>): Promise<CliOutcome> => {
  const name = commandName(args);
  try {
    return (await runFast(args, name)) ? undefined : await runCommander(args, name);
  } catch (e) {
    return report(e);
  }
};
