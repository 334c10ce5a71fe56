import type { ToolDefinition } from "../tool.js";
import { getCodeSemanticsTool } from "./getCodeSemantics.js";
import { getProjectContextTool } from "./getProjectContext.js";
import { getSmartContextTool } from "./getSmartContext.js";
import { indexProjectTool } from "./indexProject.js";
import { indexStatusTool } from "./indexStatus.js";
import { searchRegexTool } from "./searchRegex.js";
import { storeDecisionTool } from "./storeDecision.js";
import { storeRuleTool } from "./storeRule.js";
import { watchProjectTool } from "./watchProject.js";

/** Search, memory and index tools; the code-graph and analysis tools live in their own groups. */
export const SEARCH_TOOLS: ReadonlyArray<ToolDefinition> = [getSmartContextTool, getCodeSemanticsTool, searchRegexTool];
export const MEMORY_TOOLS: ReadonlyArray<ToolDefinition> = [getProjectContextTool, storeRuleTool, storeDecisionTool];
export const INDEX_TOOLS: ReadonlyArray<ToolDefinition> = [indexProjectTool, indexStatusTool, watchProjectTool];
