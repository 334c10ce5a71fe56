import { foldCase, normaliseLabel, isEmbedderError, type Embedder } from "../../projections/index.js";
import { closestNames } from "../analysis/closestNames.js";
import { topCosineOf } from "../search/topCosine.js";
import type { AnalysisGraph } from "../algorithms/AnalysisGraph.js";
import { labelVectors } from "./labelVectors.js";

/** Below this cosine similarity a label is not taken for what was asked (tuned on the embedded lexical embedder: "payment service" → PaymentService 0.76, "order service" 0.30). */
export const SIMILAR_ENOUGH = 0.5;
/** Candidates this close to the best are too close to choose between: the agent is asked. */
export const TOO_CLOSE = 0.05;
const MAX_CANDIDATES = 5;

/** How a node was found: its exact label, the same ignoring case, the same ignoring case, spacing and punctuation, or by meaning. */
export type MatchTier = "exact" | "case" | "normalised" | "similar";

export type NodeMatch =
  | { readonly _tag: "Found"; readonly node: number; readonly tier: MatchTier; readonly score: number }
  | { readonly _tag: "Ambiguous"; readonly tier: MatchTier; readonly candidates: ReadonlyArray<{ readonly node: number; readonly score: number }> }
  | { readonly _tag: "NotFound"; readonly closest: ReadonlyArray<number> };

/** Nodes by a key of their label and aliases, built once per graph state for each way of keying. */
const keyedIndex = (key: (label: string) => string) => {
  const indexes = new WeakMap<AnalysisGraph, Map<string, number[]>>();
  return (g: AnalysisGraph): Map<string, number[]> => {
    let index = indexes.get(g);
    if (index !== undefined) return index;
    index = new Map();
    g.labels.forEach((label, i) => {
      for (const k of new Set([label, ...g.aliases[i]!].map(key))) {
        if (k === "") continue;
        const list = index!.get(k);
        if (list === undefined) index!.set(k, [i]);
        else list.push(i);
      }
    });
    indexes.set(g, index);
    return index;
  };
};
const foldIndex = keyedIndex(foldCase);
const normIndex = keyedIndex(normaliseLabel);

/** Nodes by similarity of their label's embedding to `query`'s, best first: the best `k`, or none when the embedder fails (the closest names by spelling are offered then). */
export const similarNodes = async (g: AnalysisGraph, query: string, embedder: Embedder, k = MAX_CANDIDATES): Promise<Array<{ node: number; score: number }>> => {
  if (g.labels.length === 0) return [];
  try {
    const [vectors, [q]] = await Promise.all([labelVectors(g, embedder), embedder.embedDocuments([query])]);
    return topCosineOf(vectors.set, q!, k, vectors.live).map(([label, score]) => ({ node: g.index.get(label)!, score }));
  } catch (e) {
    if (isEmbedderError(e)) return [];
    throw e;
  }
};

/**
 * The node `query` names, in four tiers: its exact label (or, in the code graph, a symbol's
 * qualified or short name), then the same label but for case, then the same but for case, spacing and punctuation (see
 * normaliseLabel: "Database" and "Data Base" stay apart), then the label whose embedding is
 * most similar (with the project's embedder, when there is one; see labelVectors). Several equally good answers
 * in a tier come back as candidates to choose from rather than a guess.
 */
export const matchNode = async (g: AnalysisGraph, query: string, embedder: Embedder | null): Promise<NodeMatch> => {
  const text = query.trim();
  const exact = g.index.get(text);
  if (exact !== undefined) return { _tag: "Found", node: exact, tier: "exact", score: 1 };
  const byAlias = g.aliases.length > 0 ? aliasHits(g, text) : [];
  if (byAlias.length === 1) return { _tag: "Found", node: byAlias[0]!, tier: "exact", score: 1 };
  if (byAlias.length > 1) return { _tag: "Ambiguous", tier: "exact", candidates: byAlias.slice(0, MAX_CANDIDATES * 2).map((node) => ({ node, score: 1 })) };
  const folded = foldIndex(g).get(foldCase(text)) ?? [];
  if (folded.length === 1) return { _tag: "Found", node: folded[0]!, tier: "case", score: 1 };
  if (folded.length > 1) return { _tag: "Ambiguous", tier: "case", candidates: folded.slice(0, MAX_CANDIDATES * 2).map((node) => ({ node, score: 1 })) };
  const same = normIndex(g).get(normaliseLabel(text)) ?? [];
  if (same.length === 1) return { _tag: "Found", node: same[0]!, tier: "normalised", score: 1 };
  if (same.length > 1) return { _tag: "Ambiguous", tier: "normalised", candidates: same.slice(0, MAX_CANDIDATES * 2).map((node) => ({ node, score: 1 })) };
  const similar = embedder === null ? [] : await similarNodes(g, text, embedder);
  const best = similar[0];
  if (best !== undefined && best.score >= SIMILAR_ENOUGH) {
    const close = similar.filter((s) => s.score >= SIMILAR_ENOUGH && best.score - s.score <= TOO_CLOSE).slice(0, MAX_CANDIDATES);
    if (close.length > 1) return { _tag: "Ambiguous", tier: "similar", candidates: close };
    return { _tag: "Found", node: best.node, tier: "similar", score: best.score };
  }
  const nodes = g.labels.map((_, i) => i);
  const near = closestNames(text, nodes, (i) => [g.labels[i]!, ...g.aliases[i]!], MAX_CANDIDATES);
  const alsoSimilar = similar.filter((s) => s.score > 0).slice(0, 2).map((s) => s.node);
  return { _tag: "NotFound", closest: [...new Set([...alsoSimilar, ...near])].slice(0, MAX_CANDIDATES) };
};

/** Aliases are exact names too (a code symbol's qualified or short name), found by a scan the first time and then by index. */
const aliasIndexes = new WeakMap<AnalysisGraph, Map<string, number[]>>();
const aliasHits = (g: AnalysisGraph, text: string): number[] => {
  let index = aliasIndexes.get(g);
  if (index === undefined) {
    index = new Map();
    g.aliases.forEach((names, i) => {
      for (const a of names) {
        const list = index!.get(a);
        if (list === undefined) index!.set(a, [i]);
        else if (!list.includes(i)) list.push(i);
      }
    });
    aliasIndexes.set(g, index);
  }
  return index.get(text) ?? [];
};
