// What src/mcp offers the other folders: they import it from here (test/dependencyRules.test.ts checks it);
// a module not named here is private to the folder.
export { shapeInWords, type ShapeNode } from "./shapeInWords.js";
export { type Logger, fileLogger } from "./logger.js";
export { watcherLine, watcherStatus } from "./tools/watcherStatus.js";
export type { ProjectBackend } from "./projectBackend.js";
export { callTool } from "./callTool.js";
export { ToolError, type ToolDefinition } from "./tool.js";
export type { ToolContext } from "./ToolContext.js";
export { validateArguments } from "./validateArguments.js";
