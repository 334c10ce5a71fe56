export { callChains, type CallChain, type CallChainOptions, type CallChains } from "./callChains.js";
export { dependencies, DEPENDENCY_KINDS, type Dependencies, type Dependency, type DependencyOptions } from "./dependencies.js";
export { edgesOf, type Direction, type EdgeRow } from "./edgesOf.js";
export { findPath, type FindPathOptions, type PathHop } from "./findPath.js";
export { membersOf } from "./membersOf.js";
export { nodeEdges, type NodeEdge, type NodeEdges, type NodeEdgesOptions } from "./nodeEdges.js";
