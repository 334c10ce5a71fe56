/**
 * Graph algorithms over one graph type, `AnalysisGraph` (nodes and edges numbered, both
 * adjacency directions as compressed rows), serving the code graph and the scratch graphs
 * alike. Callers holding node ids rather than numbers (the code graph's ranking and cycles)
 * use the id-keyed entry points, which number the nodes the same way.
 */
export { buildAnalysisGraph, successorLists, successors, type AnalysisGraph, type DirectedEdge, type GraphInput } from "./AnalysisGraph.js";
export { allPaths, type AllPaths } from "./allPaths.js";
export { cyclesOf, type CycleSearch } from "./cyclesOf.js";
export { degreeCentrality, type Degree } from "./degreeCentrality.js";
export { degrees, type NodeDegree } from "./degrees.js";
export { pageRank, pagerankOf, topRanked, type PageRankOptions, type PageRankResult, type Ranking, type WeightedEdge } from "./pageRank.js";
export { shortestPath, type Direction } from "./shortestPath.js";
export { stronglyConnected } from "./stronglyConnected.js";
export { transitiveReduction, type Reduction } from "./transitiveReduction.js";
export { weakComponents } from "./weakComponents.js";
