import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The first of `candidates` (relative to `base`, a module's `import.meta.url`) that exists on
 * disk: a worker entry sits beside its module in tsc's output, and one level over when the
 * module is part of a chunk of the bundled CLI (dist/_chunks/). Null when running from
 * sources, where no built entry exists.
 */
export const builtEntryUrl = (base: string, candidates: ReadonlyArray<string>): URL | null => {
  for (const candidate of candidates) {
    const url = new URL(candidate, base);
    if (url.protocol === "file:" && existsSync(fileURLToPath(url))) return url;
  }
  return null;
};
