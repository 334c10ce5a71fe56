import * as Either from "effect/Either";
import { pathScope, type PathScope } from "../../queries/index.js";
import { toolError } from "../tool.js";

/**
 * A search tool's `path` argument as the files it selects, checked against the files that have
 * chunks; a path outside the project or naming nothing indexed is a refused argument.
 */
export const chunkPathScope = (root: string, text: string | undefined, chunks: { paths(): ReadonlyMap<string, string> }, tool: string): PathScope => {
  const scope = pathScope(root, text, () => chunks.paths().values(), "path");
  if (Either.isLeft(scope)) throw toolError(`invalid arguments for ${tool}: ${scope.left}`);
  return scope.right;
};
