// What src/queries offers the other folders: they import it from here (test/dependencyRules.test.ts checks it);
// a module not named here is private to the folder.
export { architectureCachePath, readArchitectureCache } from "./architecture/architectureCache.js";
export { sessionBrief } from "./session/sessionBrief.js";
export { summarizeChanges } from "./changes/summarizeChanges.js";
export { staleText, linkTarget, staleLink, type LinkTarget, type StaleLink } from "./changes/staleLinks.js";
export { queryMemory } from "./memory.js";
export { pathScope, parsePathScope } from "./analysis/pathScopeArgument.js";
export { closeGrepWorkers, compilePattern, grepCode, GrepError, type GrepMatch } from "./grep/grepCode.js";
export { checkSearchQuery } from "./search/checkSearchQuery.js";
export { FILE_PRIORS } from "./search/filePrior.js";
export { RRF_K } from "./search/fuseRanks.js";
export { searchCode } from "./search/searchCode.js";
export type { Changes, ChangesFrom, CommitArrived, Writer } from "./changes/Changes.js";
export { diffFiles, type FileAt } from "./changes/diffFiles.js";
export { diffMemory, type MemoryAt } from "./changes/diffMemory.js";
export { diffSymbols, type SymbolAt } from "./changes/diffSymbols.js";
export { LINKED_MEMORY_TYPES, memoryInForce, type LinkedMemory } from "./changes/memoryInForce.js";
export { type Moment, symbolVersions, type FileCommitRef, type SymbolVersion } from "./changes/symbolVersions.js";
export { parseSince, SINCE_FORMS } from "./changes/parseSince.js";
export {
  type CommitFact,
  type ContextFacts,
  type EditFact,
  type RuleFact,
  type ServedFact,
  type SessionStartFact,
  contextReport,
  renderContextReport,
} from "./contextReport/index.js";
export { warmGraphReads } from "./graph/warmGraphReads.js";
export type { ArchitectureSummary } from "./architecture/ArchitectureSummary.js";
export {
  loadArchitectureBase,
  summarizeArchitecture,
  type ArchitectureBase,
  type EntryPoint,
  architectureOf,
  type Architecture,
} from "./architecture/index.js";
export { type PathScope, describeScope } from "./analysis/PathScope.js";
export { resolveSymbol, type Resolved, type ResolveOptions } from "./symbols/resolveSymbol.js";
export { formatGraph, GRAPH_FORMATS, type GraphFormat } from "./analysis/export/formatGraph.js";
export { subgraphOf, type SubgraphScope } from "./graph/subgraphOf.js";
export { findCycles } from "./graph/findCycles.js";
export { findPath, type PathHop } from "./graph/findPath.js";
export { renderChanges, renderSymbolHistory } from "./changes/index.js";
export { fileLinksFrom, loadFileLinks, type FileLinks, graphFileLinks } from "./search/fileLinks.js";
export { loadFileNeighbours, relatedFiles, type FileNeighbours } from "./search/relatedFiles.js";
export { callChains, type CallChain } from "./graph/callChains.js";
export { dependencies, type Dependency, type DependencyCount } from "./graph/dependencies.js";
export { fileHistoryOf, usuallyChangesWith } from "./history/index.js";
export { impactOf, type Dependent, type Impact } from "./graph/impactOf.js";
export { renderContext } from "./context/renderContext.js";
export { loadContextGraph } from "./context/loadContextGraph.js";
export { smartContext } from "./context/smartContext.js";
export { stageTimes } from "./context/stageTimes.js";
export { graphFilePaths } from "./graph/graphFilePaths.js";
export type { CodeNode } from "./graph/graphNodes.js";
export { pinGraph } from "./perGraphState.js";
export { MATCH_KINDS, type MatchKind } from "./symbols/matchNames.js";
export { type GraphNode, nodeIndex } from "./symbols/nodeIndex.js";
export { allPaths } from "./algorithms/allPaths.js";
export { degrees } from "./algorithms/degrees.js";
export { pagerankOf, topRanked } from "./algorithms/pageRank.js";
export { shortestPath } from "./algorithms/shortestPath.js";
export { transitiveReduction } from "./algorithms/transitiveReduction.js";
export { weakComponents } from "./algorithms/weakComponents.js";
export { buildAnalysisGraph, type AnalysisGraph } from "./algorithms/AnalysisGraph.js";
export { writeScratch, isFormatError, parseScratch, SCRATCH_FORMATS } from "./scratch/formats/index.js";
export { graphSummary } from "./scratch/graphSummary.js";
export { loadCodeGraph } from "./scratch/loadCodeGraph.js";
export { loadScratchGraph } from "./scratch/loadScratchGraph.js";
export { matchNode } from "./scratch/matchNode.js";
export { cyclesOf } from "./algorithms/cyclesOf.js";
export { fileSymbols } from "./symbols/fileSymbols.js";
export { implementorsIn, loadHeritage } from "./graph/interfaceImplementors.js";
export { nodeEdges, type NodeEdge } from "./graph/nodeEdges.js";
export { rankedSymbols, symbolRanks, symbolRanksWithTests } from "./graph/rankSymbols.js";
export { searchNodes } from "./symbols/searchNodes.js";
