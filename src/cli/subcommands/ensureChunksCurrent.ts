import type { NemesisPaths } from "../../config/index.js";
import { engineOwner } from "../../engine/index.js";

/**
 * Why there is no chunk table to read: nothing was indexed, or (the engine being taken) a
 * running server is indexing the project for the first time, when another index is no help.
 */
export const noChunksMessage = (paths: NemesisPaths): string => {
  const owner = engineOwner(paths.lock);
  return owner === null
    ? "nothing is indexed yet: run `nemesis index` first"
    : `the running Nemesis engine (pid ${owner.pid}) is indexing the project and has not written the search index yet: run this again shortly (\`nemesis status\` shows how far it got)`;
};
