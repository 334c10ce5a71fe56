import { Command, CommanderError } from "commander";
import { registerCommands } from "./commands/index.js";
import { CliError } from "./errors.js";

const program = new Command("nemesis")
  .description("Local context engine for AI coding agents: a live, event-sourced model of your project, served over MCP")
  .version("0.1.0")
  .option("--root <dir>", "project root (default: the nearest directory above the cwd with a .nemesis/ folder)")
  // One line on stderr for every usage error, like the errors the commands themselves report.
  .configureOutput({
    outputError: (str, write) => write(`nemesis: ${str.replace(/^error: /, "").replace(/\s+/g, " ").trim()} (run with --help for usage)\n`),
  })
  .exitOverride();

/** The command being run: the first argument that is neither a global option nor its value. */
const commandName = (args: ReadonlyArray<string>): string | undefined => {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--root") i++;
    else if (!a.startsWith("-")) return a;
  }
  return undefined;
};

await registerCommands(program, commandName(process.argv.slice(2)));

const fail = (message: string, code: number): never => {
  process.stderr.write(`nemesis: ${message.split("\n")[0]}\n`);
  process.exit(code);
};

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    // Help and version are successful exits; everything else commander rejects is a usage error.
    if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help") process.exit(0);
    process.exit(2);
  }
  if (e instanceof CliError) fail(e.message, e.exitCode);
  // Tagged errors (VersionConflict and the like) carry a message meant for people.
  if (e !== null && typeof e === "object" && "_tag" in e && e instanceof Error) fail(e.message, 1);
  fail(e instanceof Error ? `${e.message} (this is a bug; please report it with the command you ran)` : String(e), 1);
}
