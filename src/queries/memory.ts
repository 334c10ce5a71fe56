import picomatch from "picomatch";
import type { CatalogReader, ConventionRow, DecisionRow, RuleRow } from "../projections/index.js";
import { rankByTopic, type RankDocument } from "./memoryRanking.js";

export type MemoryKindName = "rule" | "decision" | "convention";

export interface MemoryQuery {
  /** Which kinds to return (default: all three). */
  readonly kinds?: ReadonlyArray<MemoryKindName>;
  /** When given, only entries that mention it are returned, best match first. */
  readonly topic?: string;
  /** A path or area: keeps entries whose scope covers it, plus project-wide ones. */
  readonly scope?: string;
  /** Include retired rules and superseded decisions. */
  readonly includeInactive?: boolean;
  /** Per kind. */
  readonly limit?: number;
}

export type Scored<R> = R & { readonly score: number | null };

export interface MemoryResult {
  readonly rules: ReadonlyArray<Scored<RuleRow>>;
  readonly decisions: ReadonlyArray<Scored<DecisionRow>>;
  readonly conventions: ReadonlyArray<Scored<ConventionRow>>;
}

const GLOBAL_SCOPES = new Set(["", "*", "**", "**/*", "."]);

/** Does an entry's scope (a glob or an area name) cover `wanted` (a path or an area name)? */
export const scopeCovers = (scope: string, wanted: string): boolean => {
  if (GLOBAL_SCOPES.has(scope.trim())) return true;
  const s = scope.trim().replace(/^\.\//, "");
  const w = wanted.trim().replace(/^\.\//, "");
  if (s === w) return true;
  const base = s.replace(/\/\*\*(\/\*)?$/, "");
  if (w === base || w.startsWith(`${base}/`)) return true;
  return picomatch.isMatch(w, s, { dot: true });
};

const docOf = {
  rule: (r: RuleRow): RankDocument => ({
    key: r.id,
    fields: [
      { text: r.content, weight: 1 },
      { text: [r.scope, ...r.related_to].join(" "), weight: 1 },
    ],
  }),
  decision: (d: DecisionRow): RankDocument => ({
    key: d.id,
    fields: [
      { text: d.title, weight: 2 },
      { text: d.reasoning, weight: 1 },
      { text: d.alternatives.map((a) => `${a.title} ${a.reasonRejected}`).join(" "), weight: 1 },
      { text: d.related_to.join(" "), weight: 1 },
    ],
  }),
  convention: (c: ConventionRow): RankDocument => ({
    key: c.id,
    fields: [
      { text: c.pattern, weight: 2 },
      { text: c.example, weight: 1 },
      { text: c.scope, weight: 1 },
    ],
  }),
};

const order = <R extends { id: string; position: number }>(rows: R[], scores: Map<string, number> | null, limit?: number): Scored<R>[] => {
  const scored = rows
    .filter((r) => scores === null || scores.has(r.id))
    .map((r) => ({ ...r, score: scores ? scores.get(r.id)! : null }));
  if (scores) scored.sort((a, b) => b.score! - a.score! || a.position - b.position);
  return limit === undefined ? scored : scored.slice(0, limit);
};

/** Rules, decisions and conventions from the catalog read model, filtered and optionally ranked by topic. */
export const queryMemory = (catalog: CatalogReader, query: MemoryQuery = {}): MemoryResult => {
  const kinds = new Set(query.kinds ?? ["rule", "decision", "convention"]);
  const inScope = (r: { scope?: string }) => query.scope === undefined || r.scope === undefined || scopeCovers(r.scope, query.scope);
  const rules = kinds.has("rule") ? catalog.rules({ includeRetired: query.includeInactive }).filter(inScope) : [];
  const decisions = kinds.has("decision") ? catalog.decisions({ includeSuperseded: query.includeInactive }) : [];
  const conventions = kinds.has("convention") ? catalog.conventions().filter(inScope) : [];
  const topic = query.topic?.trim();
  // One BM25 corpus across the kinds, so a word common in rules weighs the same in decisions.
  const scores = topic
    ? rankByTopic(topic, [...rules.map(docOf.rule), ...decisions.map(docOf.decision), ...conventions.map(docOf.convention)])
    : null;
  return {
    rules: order(rules, scores, query.limit),
    decisions: order(decisions, scores, query.limit),
    conventions: order(conventions, scores, query.limit),
  };
};
