import { exportGraphTool } from "./exportGraph.js";
import { findCyclesTool } from "./findCycles.js";
import { getFileHistoryTool } from "./getFileHistory.js";
import { getImpactTool } from "./getImpact.js";
import { queryInterfaceImplementorsTool } from "./queryInterfaceImplementors.js";
import { rankSymbolsTool } from "./rankSymbols.js";

/** The code-graph analysis tools, and git history beside what may break, for the registry. */
export const ANALYSIS_TOOLS = [getImpactTool, getFileHistoryTool, queryInterfaceImplementorsTool, findCyclesTool, rankSymbolsTool, exportGraphTool] as const;
