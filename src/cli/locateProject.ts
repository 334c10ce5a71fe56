import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { findProjectRoot, nemesisPaths, type NemesisPaths } from "../config/index.js";

export interface GlobalOptions {
  readonly root?: string;
}

/**
 * The project the command acts on: `--root`, else the nearest `.nemesis/` above the cwd.
 * Kept apart from context.ts so light commands (`nemesis log`) find the project without
 * loading the config schema.
 */
export const locateProject = (options: GlobalOptions): NemesisPaths | null => {
  if (options.root) {
    const root = resolve(options.root);
    return existsSync(nemesisPaths(root).dir) ? nemesisPaths(root) : null;
  }
  const found = findProjectRoot(process.cwd());
  return found ? nemesisPaths(found) : null;
};

export const noProjectMessage = (options: GlobalOptions): string =>
  `no Nemesis project here (${options.root ?? process.cwd()}): run \`nemesis init\` in the project root, or pass --root <dir>`;
