export { fileSymbols, type FileSymbol, type FileSymbols } from "./fileSymbols.js";
export { closestNames, MATCH_KINDS, matchNames, type MatchKind, type NodeMatch } from "./matchNames.js";
export { aliasTarget, type AliasStep, type MemberRoute } from "./memberRoute.js";
export { nodeIndex, nodeIndexOf, nodeOf, type GraphNode, type NodeIndex, type NodeKind } from "./nodeIndex.js";
export { memberThroughOwner, resolveIn, resolveSymbol, type Resolved, type ResolveOptions, type SymbolResolution, type Unresolved } from "./resolveSymbol.js";
export { searchNodes, type NodeHit, type NodeSearchOptions, type NodeSearchResult } from "./searchNodes.js";
