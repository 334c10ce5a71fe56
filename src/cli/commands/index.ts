import type { Command } from "commander";
import { registerInit } from "./init.js";
import { registerReplay } from "./replay.js";
import { registerStatus } from "./status.js";

/** Each command lives in its own module; add new ones to this list. */
const COMMANDS: ReadonlyArray<(program: Command) => void> = [registerInit, registerStatus, registerReplay];

export const registerCommands = (program: Command): void => {
  for (const register of COMMANDS) register(program);
};
