// The modules of src/mcp that other folders load only when they need them (heavy code, or a command's own):
// `await importX()` keeps each in a chunk of its own. A dynamic import of index.ts would load the whole folder,
// and a loader in index.ts would drag its module into the one-file hooks bundle.
export const importProjectBackend = () => import("./projectBackend.js");
export const importRegistry = () => import("./registry.js");
export const importLogger = () => import("./logger.js");
export const importValidateArguments = () => import("./validateArguments.js");
export const importTool = () => import("./tool.js");
export const importMemoryLine = () => import("./memoryLine.js");
export const importServeHttp = () => import("./serveHttp.js");
export const importServeStdio = () => import("./serveStdio.js");
export const importSearchRegex = () => import("./tools/searchRegex.js");
export const importGetCodeSemantics = () => import("./tools/getCodeSemantics.js");
export const importIndexStatus = () => import("./tools/indexStatus.js");
