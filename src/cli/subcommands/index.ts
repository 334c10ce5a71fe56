import type { Command } from "commander";

/** `args`: the command line after `nemesis`, for a command that reads its own words (query). */
type Register = (program: Command, args: ReadonlyArray<string>) => void;

/**
 * Command name → the module that registers it. main.ts loads only the command being run (all
 * of them for `--help` or an unknown name), so `nemesis log` or a hook never pays for loading
 * Kuzu, LanceDB, tree-sitter or the schema library. Add new commands here, in help order.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Register>>> = {
  init: async () => (await import("./init.js")).registerInit,
  index: async () => (await import("./index-cmd.js")).registerIndex,
  status: async () => (await import("./status.js")).registerStatus,
  replay: async () => (await import("./replay.js")).registerReplay,
  rule: async () => (await import("./rule.js")).registerRule,
  decision: async () => (await import("./decision.js")).registerDecision,
  convention: async () => (await import("./convention.js")).registerConvention,
  log: async () => (await import("./log.js")).registerLog,
  search: async () => (await import("./search.js")).registerSearch,
  grep: async () => (await import("./grep.js")).registerGrep,
  serve: async () => (await import("./serve.js")).registerServe,
  watch: async () => (await import("./watch.js")).registerWatch,
  query: async () => (await import("./query.js")).registerQuery,
  context: async () => (await import("./context.js")).registerContext,
  changes: async () => (await import("./changes.js")).registerChanges,
  report: async () => (await import("./report.js")).registerReport,
  "symbol-history": async () => (await import("./symbolHistory.js")).registerSymbolHistory,
  hook: async () => (await import("./hook.js")).registerHook,
  learn: async () => (await import("./learn.js")).registerLearn,
};

/** Registers `only` when it names a command, otherwise every command. */
export const registerCommands = async (program: Command, args: ReadonlyArray<string>, only?: string): Promise<void> => {
  const names = only !== undefined && Object.hasOwn(COMMANDS, only) ? [only] : Object.keys(COMMANDS);
  const registers = await Promise.all(names.map((name) => COMMANDS[name]!()));
  for (const register of registers) register(program, args);
};
