export { ARCHITECTURE_LIMITS, architectureOf, loadArchitectureBase, type Architecture, type ArchitectureBase, type ArchitectureLimits, type ArchitectureRequest, type ArchitectureScope, type KeySymbol, type ModuleSize, type UnknownTarget } from "./architecture.js";
export { byPlace, type EntryPoint } from "./EntryPoint.js";
export { type FlowEdge } from "./moduleFlow.js";
export { moduleOf, pythonPackagesOf, type ModuleMarkers } from "./moduleOf.js";
export { summarizeArchitecture, type ArchitectureSummary } from "./ArchitectureSummary.js";
export { architectureCachePath, readArchitectureCache } from "./architectureCache.js";
