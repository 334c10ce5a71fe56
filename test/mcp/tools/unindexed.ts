import { NEVER_INDEXED } from "../../../src/engine/queries/indexState.js";
import type { ToolContext } from "../../../src/mcp/ToolContext.js";

/** A context over the same project whose graph is not built yet, and no index runs. */
export const unindexed = (ctx: ToolContext): ToolContext => ({ ...ctx, graph: async () => null, graphSnapshot: async () => null, fileLinks: async () => null, fileNeighbours: async () => null, indexState: async () => NEVER_INDEXED });
