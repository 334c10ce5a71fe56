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
  readonly cost: Cost;
  readonly item: T;
  /** Lines it shows: a candidate inside the span of a chosen fuller one (a method in its class) is not taken twice. */
  readonly span?: Span | undefined;
}

export interface Span {
  readonly file: string;
  readonly first: number;
  readonly last: number;
}

const within = (inner: Span | undefined, outer: Span | undefined): boolean =>
  inner !== undefined && outer !== undefined && inner.file === outer.file && inner.first >= outer.first && inner.last <= outer.last;

/**
 * Greedy knapsack by value per token: candidates best ratio first, each taken when it fits both
 * budgets; a fuller granularity of a group already taken replaces it when the difference fits.
 * Returns one candidate per chosen group.
 */
export const packGreedy = <T>(candidates: ReadonlyArray<Candidate<T>>, budget: Cost): Map<string, Candidate<T>> => {
  const ratio = (c: Candidate<T>) => c.value / Math.max(1, c.cost.text, c.cost.json);
  const chosen = new Map<string, Candidate<T>>();
  let text = 0;
  let json = 0;
  for (const c of [...candidates].sort((a, b) => ratio(b) - ratio(a) || b.value - a.value)) {
    const current = chosen.get(c.group);
    if (current && current.level >= c.level) continue;
    if ([...chosen.values()].some((o) => o.group !== c.group && within(c.span, o.span))) continue;
    // What it makes redundant: the group's coarser form and whatever lies inside its lines.
    const replaced = [...chosen.values()].filter((o) => o === current || (o.group !== c.group && within(o.span, c.span)));
    const dText = c.cost.text - replaced.reduce((n, o) => n + o.cost.text, 0);
    const dJson = c.cost.json - replaced.reduce((n, o) => n + o.cost.json, 0);
    if (text + dText > budget.text || json + dJson > budget.json) continue;
    for (const o of replaced) chosen.delete(o.group);
    chosen.set(c.group, c);
    text += dText;
    json += dJson;
  }
  return chosen;
};
