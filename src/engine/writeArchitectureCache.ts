import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { ArchitectureSummary } from "../queries/index.js";

/**
 * Writes the architecture summary where the session-start hook reads it. Only the engine process
 * writes it (it is derived from the graph it owns), after computing the architecture anyway.
 * Written to a temporary file and renamed over the old one, so a reader sees the old summary or
 * the new one, never half of one.
 */
export const writeArchitectureCache = (path: string, summary: ArchitectureSummary): void => {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(summary)}\n`);
  renameSync(temporary, path);
};
