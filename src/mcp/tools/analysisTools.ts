import { exportGraphTool } from "./exportGraph.js";
import { findCyclesTool } from "./findCycles.js";
import { getImpactTool } from "./getImpact.js";
import { queryInterfaceImplementorsTool } from "./queryInterfaceImplementors.js";
import { rankSymbolsTool } from "./rankSymbols.js";

/** The code-graph analysis tools, for the registry. */
export const ANALYSIS_TOOLS = [getImpactTool, queryInterfaceImplementorsTool, findCyclesTool, rankSymbolsTool, exportGraphTool] as const;
