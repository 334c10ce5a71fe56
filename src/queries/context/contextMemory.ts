import type { CatalogReader } from "../../projections/index.js";
import { queryMemory, scopeCovers } from "../memory.js";
import type { SmartContext } from "./SmartContextResult.js";

/** The code an answer lands on: files by path, symbols by `path:qualifiedName`. */
export interface Landing {
  readonly files: ReadonlyArray<string>;
  readonly symbols: ReadonlyArray<{ readonly file: string; readonly name: string }>;
}

export interface MemoryPick<T> {
  readonly item: T;
  /** 1 for an entry about the code chosen, less for one matching the task's words only. */
  readonly weight: number;
}

const GLOBAL = new Set(["", "*", "**", "**/*", "."]);
const projectWide = (scope: string) => (GLOBAL.has(scope.trim()) ? "project" : scope);
const TOPIC_LIMIT = 5;

/** What an entry's scope or related_to touches among the landing's files and symbols, if anything. */
const touches = (landing: Landing, scope: string | null, related: ReadonlyArray<string>): string | null => {
  if (scope !== null && !GLOBAL.has(scope.trim())) {
    const file = landing.files.find((f) => scopeCovers(scope, f));
    if (file) return `scope covers ${file}`;
  }
  for (const r of related) {
    const file = landing.files.find((f) => f === r);
    if (file) return `about ${file}`;
    const symbol = landing.symbols.find((s) => r === `${s.file}:${s.name}` || r === s.name);
    if (symbol) return `about ${symbol.name}`;
  }
  return null;
};

/**
 * Rules, decisions and conventions in force (retired rules and superseded decisions never)
 * whose scope or related_to touches the landing's code, then those about the task's words.
 */
export const contextMemory = (
  catalog: CatalogReader,
  task: string,
  landing: Landing,
): {
  rules: MemoryPick<SmartContext["rules"][number]>[];
  decisions: MemoryPick<SmartContext["decisions"][number]>[];
  conventions: MemoryPick<SmartContext["conventions"][number]>[];
} => {
  const all = queryMemory(catalog);
  const topical = queryMemory(catalog, { topic: task, limit: TOPIC_LIMIT });
  const topicScore = new Map<string, number>();
  const top = Math.max(0, ...[...topical.rules, ...topical.decisions, ...topical.conventions].map((e) => e.score ?? 0));
  for (const e of [...topical.rules, ...topical.decisions, ...topical.conventions]) if ((e.score ?? 0) > 0) topicScore.set(e.id, (e.score ?? 0) / (top || 1));
  const why = (id: string, touched: string | null): { why: string; weight: number } | null =>
    touched ? { why: touched, weight: 1 } : topicScore.has(id) ? { why: "matches the task", weight: 0.5 * topicScore.get(id)! } : null;
  const rules = all.rules.flatMap((r) => {
    const w = why(r.id, touches(landing, r.scope, r.related_to));
    return w ? [{ item: { id: r.id, rule: r.content, scope: projectWide(r.scope), why: w.why }, weight: w.weight }] : [];
  });
  const decisions = all.decisions.flatMap((d) => {
    const w = why(d.id, touches(landing, null, d.related_to));
    return w
      ? [
          {
            item: {
              id: d.id,
              title: d.title,
              reasoning: d.reasoning,
              alternatives: d.alternatives.map((a) => ({ title: a.title, reason_rejected: a.reasonRejected })),
              why: w.why,
            },
            weight: w.weight,
          },
        ]
      : [];
  });
  const conventions = all.conventions.flatMap((c) => {
    const w = why(c.id, touches(landing, c.scope, []));
    return w ? [{ item: { id: c.id, pattern: c.pattern, example: c.example, scope: projectWide(c.scope), why: w.why }, weight: w.weight }] : [];
  });
  return { rules, decisions, conventions };
};
