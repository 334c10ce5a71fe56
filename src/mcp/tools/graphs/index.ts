import type { ToolDefinition } from "../../tool.js";
import { allPathsTool, connectedComponentsTool, degreeCentralityTool, pagerankTool, shortestPathTool, subgraphTool, transitiveReductionTool } from "./algorithmTools.js";
import { addEdgesTool, addEdgeTool, findEdgesTool, getNeighborsTool, removeEdgeTool } from "./edgeTools.js";
import { getGraphInfoTool } from "./getGraphInfo.js";
import { importGraphTool } from "./importGraph.js";
import { deleteGraphTool, listGraphsTool } from "./manageGraphs.js";
import { addNodesTool, addNodeTool, findNodeTool, listNodesTool, removeNodeTool } from "./nodeTools.js";

/**
 * The `graph` tool set: agents' own scratch graphs (and the code graph, read-only, as "code").
 * find_cycles and export_graph, which take a `graph` argument too, belong to both this set and core.
 */
export const GRAPH_TOOLS: ReadonlyArray<ToolDefinition> = [
  listGraphsTool,
  getGraphInfoTool,
  deleteGraphTool,
  addNodeTool,
  addNodesTool,
  findNodeTool,
  listNodesTool,
  removeNodeTool,
  addEdgeTool,
  addEdgesTool,
  findEdgesTool,
  removeEdgeTool,
  getNeighborsTool,
  shortestPathTool,
  allPathsTool,
  pagerankTool,
  connectedComponentsTool,
  degreeCentralityTool,
  transitiveReductionTool,
  subgraphTool,
  importGraphTool,
];
