import type { CoChange as HistoryCoChange, SimilarCommit as HistorySimilarCommit } from "../../projections/index.js";

/** What the ranking reads of a past commit like the task (the history read model's, `score` on any scale: only ratios to the best are used). */
export type SimilarCommit = Pick<HistorySimilarCommit, "sha" | "subject" | "score" | "files">;

/** What it reads of how often `with` changed together with `path` (one of the task's likely files). */
export type CoChange = Pick<HistoryCoChange, "path" | "with" | "together" | "commitsOfPath">;

export interface RankedFile {
  readonly file: string;
  readonly score: number;
  /** The evidence that weighs most for it, in words. */
  readonly why: string;
}

export interface FileEvidence {
  /** Files as search ranks them, best first. */
  readonly search: ReadonlyArray<string>;
  /** The graph walk's mass per file (already weighed by the path prior). */
  readonly walk: ReadonlyMap<string, number>;
  /** Why the walk reached a file it did not start in ("called by app.handle"). */
  readonly walkWhy: ReadonlyMap<string, string>;
  readonly similar: ReadonlyArray<SimilarCommit>;
  readonly coChange: ReadonlyArray<CoChange>;
  /** The path prior (tests, examples and docs below sources unless asked for). */
  readonly prior: (file: string) => number;
  /** Whether a file is indexed now: history names files since deleted or renamed. */
  readonly indexed: (file: string) => boolean;
}

/** The weight of each kind of evidence, against the walk's share (1). Tuned on four sets of four languages together. */
export const EVIDENCE_WEIGHT = { history: 0.3, coChange: 0.3 };
/** A commit touching many files says little about each. */
const SPREAD = 0.5;
/** Rank r of the text's order scores (1 + RANK_OFFSET) / (r + RANK_OFFSET): 1, 2/3, 1/2, ... */
const RANK_OFFSET = 1;
/** Evidence below this weight is not named beside the strongest. */
const REASON_FLOOR = 0.15;
/**
 * Whose co-changes count: search's best file only. Measured on four sets (empty work
 * directories): partners of the first three files, weighed 1, 1/2, 1/3, ranked below search's
 * MRR on chunkhound; the best file's partners alone raised recall@10 and MRR on every set.
 */
export const CO_SEEDS = 1;

const normalised = (m: Map<string, number>): Map<string, number> => {
  const top = Math.max(0, ...m.values());
  if (top <= 0) return new Map();
  return new Map([...m].map(([k, v]) => [k, v / top]));
};

/**
 * One ranking of the files a task will touch, from three kinds of evidence, each scaled so its
 * best file scores 1: the graph walk that restarts at the search's entry points (the text and
 * the code's structure), the files of past commits whose messages resemble the task (what
 * changed the last times such a task was done), and the files that usually change together
 * with the text's best files. Each file says which evidence put it there.
 */
export const rankContextFiles = (e: FileEvidence): RankedFile[] => {
  // The text's order: the walk's (which restarts at search's entry points), then the files
  // search ranked and the walk did not reach. By rank, not score, so that the evidence of
  // history weighs the same against any project's scores.
  const searchRank = new Map(e.search.map((f, i) => [f, i]));
  const textOrder = [
    ...[...e.walk].filter(([, m]) => m > 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([f]) => f),
    ...e.search.filter((f) => !((e.walk.get(f) ?? 0) > 0)).sort((a, b) => e.prior(b) - e.prior(a) || searchRank.get(a)! - searchRank.get(b)!),
  ];
  const text = new Map(textOrder.map((f, i) => [f, (1 + RANK_OFFSET) / (i + 1 + RANK_OFFSET)]));

  const history = new Map<string, number>();
  const historyWhy = new Map<string, { subject: string; weight: number }>();
  const best = Math.max(0, ...e.similar.map((c) => c.score));
  for (const c of e.similar) {
    if (best <= 0 || c.files.length === 0) continue;
    const weight = c.score / best / c.files.length ** SPREAD;
    for (const f of c.files) {
      history.set(f, (history.get(f) ?? 0) + weight * e.prior(f));
      if ((historyWhy.get(f)?.weight ?? 0) < weight) historyWhy.set(f, { subject: c.subject, weight });
    }
  }

  const seeds = new Map(e.search.slice(0, CO_SEEDS).map((f, i) => [f, 1 / (i + 1)]));
  const co = new Map<string, number>();
  const coWhy = new Map<string, { text: string; weight: number }>();
  for (const c of e.coChange) {
    const seed = seeds.get(c.path);
    if (seed === undefined || c.with === c.path || c.commitsOfPath <= 0) continue;
    const weight = (seed * c.together) / c.commitsOfPath;
    co.set(c.with, (co.get(c.with) ?? 0) + weight * e.prior(c.with));
    if ((coWhy.get(c.with)?.weight ?? 0) < weight) coWhy.set(c.with, { text: `changes with ${c.path} (${c.together} of ${c.commitsOfPath} commits)`, weight });
  }

  const h = normalised(history);
  const c = normalised(co);
  const files = new Set([...text.keys(), ...h.keys(), ...c.keys()]);
  const out: RankedFile[] = [];
  for (const file of files) {
    if (!e.indexed(file)) continue;
    const parts = {
      text: text.get(file) ?? 0,
      history: EVIDENCE_WEIGHT.history * (h.get(file) ?? 0),
      coChange: EVIDENCE_WEIGHT.coChange * (c.get(file) ?? 0),
    };
    const score = parts.text + parts.history + parts.coChange;
    if (score <= 0) continue;
    // The reasons that weigh, strongest first: the text's (or the walk's), then the history's.
    const textWhy = searchRank.has(file) ? "matches the task" : (e.walkWhy.get(file) ?? "near the task's code");
    const reasons: Array<[number, string]> = [
      [parts.text, textWhy],
      [parts.history, historyWhy.has(file) ? `changed by past commits like "${historyWhy.get(file)!.subject}"` : ""],
      [parts.coChange, coWhy.get(file)?.text ?? ""],
    ];
    const strongest = Math.max(...reasons.map(([w]) => w));
    const why = reasons
      .filter(([w, text]) => text !== "" && (w === strongest || w >= REASON_FLOOR))
      .sort((a, b) => b[0] - a[0])
      .map(([, text]) => text)
      .join("; ");
    out.push({ file, score, why });
  }
  return out.sort((a, b) => b.score - a.score || a.file.localeCompare(b.file));
};
