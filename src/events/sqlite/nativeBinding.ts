import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

// better-sqlite3 finds its addon through `bindings`, which probes a dozen paths on every start;
// naming the file saves a hook or `nemesis log` those stats. Null when it is not where a build puts it.
let addon: string | null | undefined;
export const nativeBinding = (): string | null => {
  if (addon === undefined) {
    try {
      const file = join(dirname(require.resolve("better-sqlite3/package.json")), "build", "Release", "better_sqlite3.node");
      addon = existsSync(file) ? file : null;
    } catch {
      addon = null;
    }
  }
  return addon;
};
