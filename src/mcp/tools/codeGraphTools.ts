import { findPathTool } from "./findPath.js";
import { getDependenciesTool } from "./getDependencies.js";
import { queryFileSymbolsTool } from "./queryFileSymbols.js";
import { queryNodeEdgesTool } from "./queryNodeEdges.js";
import { searchNodesTool } from "./searchNodes.js";

/** The code-graph tools, for the registry: symbols by name, a file's outline, one node's edges, dependencies, paths. */
export const CODE_GRAPH_TOOLS = [searchNodesTool, queryFileSymbolsTool, queryNodeEdgesTool, getDependenciesTool, findPathTool] as const;
