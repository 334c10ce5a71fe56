import type { ToolContext } from "../../../src/mcp/ToolContext.js";

/** A context over the same project whose graph is not built yet. */
export const unindexed = (ctx: ToolContext): ToolContext => ({ ...ctx, graph: async () => null, graphSnapshot: async () => null });
