/** What one candidate costs in each rendered form. */
export interface Cost {
  readonly text: number;
  readonly json: number;
}

/** One way to show one thing: several candidates of a `group` are its granularities (`level` higher = fuller). */
export interface Candidate<T> {
  readonly group: string;
  readonly level: number;
  readonly value: number;
  /**
   * Its cost: exact, or, when `exact` is given, a guess from its length that orders the
   * candidates (value per token) and skips those that cannot come near the room left.
   */
  readonly cost: Cost;
  /** The exact cost, asked only of a candidate about to be taken (counting every candidate of a large answer costs more than everything else). */
  readonly exact?: () => Cost;
  readonly item: T;
  /** Taken before every candidate without it, best value first (not best value per token): what the answer is for. */
  readonly first?: boolean;
  /** Lines it shows: a candidate inside the span of a chosen fuller one (a method in its class) is not taken twice. */
  readonly span?: Span | undefined;
}

export interface Span {
  readonly file: string;
  readonly first: number;
  readonly last: number;
}

/** A taken candidate with its exact cost. */
export interface Chosen<T> {
  readonly candidate: Candidate<T>;
  readonly cost: Cost;
}

/**
 * How far a guessed cost may sit above the exact one: length-based guesses of source code
 * range from 0.4 to 1.6 times the count (sympy), so a guess above 1.7 times the room left is
 * skipped uncounted, and only candidates that may fit are counted.
 */
const GUESS_OVER = 1.7;
const GUESS_SLACK = 16;

const within = (inner: Span | undefined, outer: Span | undefined): boolean =>
  inner !== undefined && outer !== undefined && inner.file === outer.file && inner.first >= outer.first && inner.last <= outer.last;

/**
 * Greedy knapsack by value per token (the `first` candidates before the rest, by value):
 * candidates best ratio first, each taken when its exact
 * cost fits both budgets; a fuller granularity of a group already taken replaces it when the
 * difference fits. Returns one candidate per chosen group, with its exact cost.
 */
export const packGreedy = <T>(candidates: ReadonlyArray<Candidate<T>>, budget: Cost): Map<string, Chosen<T>> => {
  const ratio = (c: Candidate<T>) => c.value / Math.max(1, c.cost.text, c.cost.json);
  const chosen = new Map<string, Chosen<T>>();
  let text = 0;
  let json = 0;
  const order = (a: Candidate<T>, b: Candidate<T>) =>
    Number(b.first ?? false) - Number(a.first ?? false) || (a.first && b.first ? b.value - a.value : ratio(b) - ratio(a) || b.value - a.value);
  for (const c of [...candidates].sort(order)) {
    const current = chosen.get(c.group);
    if (current && current.candidate.level >= c.level) continue;
    if ([...chosen.values()].some((o) => o.candidate.group !== c.group && within(c.span, o.candidate.span))) continue;
    // What it makes redundant: the group's coarser form and whatever lies inside its lines.
    const replaced = [...chosen.values()].filter((o) => o === current || (o.candidate.group !== c.group && within(o.candidate.span, c.span)));
    const freedText = replaced.reduce((n, o) => n + o.cost.text, 0);
    const freedJson = replaced.reduce((n, o) => n + o.cost.json, 0);
    const roomText = budget.text - text + freedText;
    const roomJson = budget.json - json + freedJson;
    if (c.exact && (c.cost.text > GUESS_OVER * roomText + GUESS_SLACK || c.cost.json > GUESS_OVER * roomJson + GUESS_SLACK)) continue;
    const cost = c.exact ? c.exact() : c.cost;
    if (cost.text > roomText || cost.json > roomJson) continue;
    for (const o of replaced) chosen.delete(o.candidate.group);
    chosen.set(c.group, { candidate: c, cost });
    text += cost.text - freedText;
    json += cost.json - freedJson;
  }
  return chosen;
};
