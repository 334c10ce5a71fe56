import type { Command } from "commander";
import { registerIndex } from "./index-cmd.js";
import { registerInit } from "./init.js";
import { registerReplay } from "./replay.js";
import { registerStatus } from "./status.js";
import { registerRule } from "./rule.js";
import { registerDecision } from "./decision.js";
import { registerConvention } from "./convention.js";
import { registerLog } from "./log.js";
import { registerGrep } from "./grep.js";
import { registerSearch } from "./search.js";

/** Each command lives in its own module; add new ones to this list. */
const COMMANDS: ReadonlyArray<(program: Command) => void> = [
  registerInit,
  registerIndex,
  registerStatus,
  registerReplay,
  registerRule,
  registerDecision,
  registerConvention,
  registerLog,
  registerSearch,
  registerGrep,
];

export const registerCommands = (program: Command): void => {
  for (const register of COMMANDS) register(program);
};
