import type { Command } from "commander";
import { resolve } from "node:path";
import { findProjectRoot } from "../../config/index.js";
import { CliError, usageError } from "../errors.js";
import { commandFacts, hookCommandFor } from "../hooks/hookCommand.js";
import { installHooks } from "../hooks/installHooks.js";
import { runAnyHook } from "../hooks/allHooks.js";
import { HOOK_NAMES, isHookName } from "../hooks/runHook.js";

const readAll = async (): Promise<string> => {
  if (process.stdin.isTTY) return "";
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

/**
 * `nemesis hook <name>` normally runs on main.ts's fast path (hooks/hookMain.ts); commander sees
 * it only for `install`, `--help`, or a hook name with other options, which it still runs.
 */
export const registerHook = (program: Command): void => {
  program
    .command("hook")
    .description(
      `Claude Code hooks: \`nemesis hook install\` sets them up in .claude/settings.json (and the MCP server in .mcp.json); ` +
        `Claude Code then runs \`nemesis hook <${HOOK_NAMES.join("|")}>\` with the event as JSON on stdin`,
    )
    .argument("<name>", `install, or the hook to run: ${HOOK_NAMES.join(", ")}`)
    .option("--uninstall", "with install: remove the Nemesis hooks and MCP server entry again, keeping everything else")
    .option(
      "--command <cmd>",
      "with install: how Claude Code starts Nemesis, e.g. \"node /path/to/dist/cli.js\" (default: nemesis when it is this install on the PATH, else this CLI through node)",
    )
    .action(async (name: string, options: { uninstall?: boolean; command?: string }, cmd: Command) => {
      const globals = cmd.optsWithGlobals() as { root?: string };
      if (isHookName(name)) {
        process.stdout.write(await runAnyHook(name, await readAll(), globals.root !== undefined ? { root: globals.root } : {}));
        return;
      }
      if (name !== "install") throw usageError(`unknown hook "${name}": choose install or one of ${HOOK_NAMES.join(", ")} (nemesis hook --help)`);
      const root = globals.root !== undefined ? resolve(globals.root) : (findProjectRoot(process.cwd()) ?? process.cwd());
      const given = options.command?.trim();
      // --uninstall recognises our entries whatever command they hold: nothing to decide.
      const chosen = given || options.uninstall ? { ok: true as const, command: given || "nemesis", note: null } : hookCommandFor(commandFacts());
      if (!chosen.ok) throw new CliError(chosen.reason, 2);
      const result = installHooks(root, { uninstall: options.uninstall ?? false, command: chosen.command });
      if (!result.ok) throw new CliError(result.reason);
      const note = chosen.note !== null && !options.uninstall ? [chosen.note] : [];
      process.stdout.write(`${[...note, ...result.files.map((f) => `${f.path}: ${f.line}`)].join("\n")}\n`);
    });
};
