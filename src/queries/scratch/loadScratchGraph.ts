import type { ScratchReader } from "../../projections/index.js";
import { buildAnalysisGraph, type AnalysisGraph } from "../algorithms/AnalysisGraph.js";

/** The last graph built per name and reader, with the stream version it was built at. */
const built = new WeakMap<ScratchReader, Map<string, { readonly version: number; readonly graph: AnalysisGraph }>>();

/**
 * Scratch graph `name` in memory, rebuilt only when its stream version moved (so a run of
 * analysis calls between writes reads graphs.db once). Null when no such graph exists.
 */
export const loadScratchGraph = (reader: ScratchReader, name: string): AnalysisGraph | null => {
  const version = reader.version(name);
  if (version === undefined) return null;
  let byName = built.get(reader);
  if (byName === undefined) built.set(reader, (byName = new Map()));
  const kept = byName.get(name);
  if (kept?.version === version) return kept.graph;
  const graph = buildAnalysisGraph({ name, nodes: reader.nodeKeys(name), edges: reader.edgeKeys(name) });
  byName.set(name, { version, graph });
  return graph;
};
