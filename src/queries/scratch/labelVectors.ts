import type { VectorMatrix, VectorSet, Embedder } from "../../projections/index.js";
import type { AnalysisGraph } from "../algorithms/AnalysisGraph.js";
import { labelMatrix } from "./labelMatrix.js";

/**
 * The vectors of a graph's labels as one set to scan: `base`, embedded when the set was last
 * made whole, plus `recent`, the labels added since. Rows of labels no longer in the graph
 * stay until the next whole build; a scan skips them (`live`).
 */
export interface LabelVectors {
  readonly set: VectorSet;
  /** Whether a row's label is a node of the graph these vectors were brought to. */
  readonly live: (label: string) => boolean;
}

interface Kept {
  readonly graph: AnalysisGraph;
  readonly base: VectorMatrix;
  /** Labels with a row, in base or recent. */
  readonly known: ReadonlySet<string>;
  /** Labels embedded since base, in the order added. */
  readonly added: ReadonlyArray<string>;
  readonly recent: VectorMatrix | null;
}

/** Below this many added labels, recent is only re-made; past it (or an eighth of the graph), base is. */
const RECENT_MAX = 2048;

const asSet = (k: Kept): LabelVectors => ({
  set: {
    base: k.base,
    dropped: null,
    recent: k.recent,
    dimensions: k.base.dimensions,
    version: 0,
    size: k.base.ids.length + (k.recent?.ids.length ?? 0),
  },
  live: (label) => k.graph.index.has(label),
});

const whole = async (g: AnalysisGraph, embedder: Embedder): Promise<Kept> => ({
  graph: g,
  base: await labelMatrix(embedder, g.labels),
  known: new Set(g.labels),
  added: [],
  recent: null,
});

/**
 * `kept` brought to graph state `g`: a write that added a few nodes embeds only their labels
 * (and re-makes the small recent part); many additions, or many removed labels still holding
 * rows, make the set whole again (from the embedder's cache, for labels it has seen).
 */
const follow = async (kept: Kept | null, g: AnalysisGraph, embedder: Embedder): Promise<Kept> => {
  if (kept === null) return whole(g, embedder);
  if (kept.graph === g) return kept;
  const missing = g.labels.filter((l) => !kept.known.has(l));
  const gone = kept.known.size - (g.labels.length - missing.length);
  const added = [...kept.added, ...missing];
  if (gone > g.labels.length / 4 || added.length > Math.max(RECENT_MAX, g.labels.length / 8)) return whole(g, embedder);
  if (missing.length === 0) return { ...kept, graph: g };
  return {
    graph: g,
    base: kept.base,
    known: new Set([...kept.known, ...missing]),
    added,
    recent: await labelMatrix(embedder, added),
  };
};

/**
 * Per embedder (one per project context) and graph name: the graph's versions share one set,
 * so a lookup after a write embeds only what the write added. Updates of one graph run one
 * after another, each from the last one's result.
 */
const byEmbedder = new WeakMap<Embedder, Map<string, Promise<Kept | null>>>();

/** The label vectors of graph state `g`, embedded once per label and then kept while the graph changes. */
export const labelVectors = async (g: AnalysisGraph, embedder: Embedder): Promise<LabelVectors> => {
  let byName = byEmbedder.get(embedder);
  if (byName === undefined) byEmbedder.set(embedder, (byName = new Map()));
  const before = byName.get(g.name) ?? Promise.resolve(null);
  const next = before.catch(() => null).then((kept) => follow(kept, g, embedder));
  byName.set(g.name, next);
  return asSet(await next);
};
