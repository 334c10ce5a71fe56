export interface FlowEdge {
  readonly from: string;
  readonly to: string;
  /** Distinct (importing file, imported file) pairs behind the link. */
  readonly imports: number;
}

/** Heaviest first, then by name: a stable order for equal counts. */
export const byWeight = (a: FlowEdge, b: FlowEdge): number =>
  b.imports - a.imports || (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0);

/** File imports condensed to groups (modules): one edge per ordered pair of distinct groups, counting the file links behind it. */
export const condenseImports = (
  imports: ReadonlyArray<{ readonly source: string; readonly target: string }>,
  groupOf: (path: string) => string,
): FlowEdge[] => {
  const counts = new Map<string, { from: string; to: string; imports: number }>();
  for (const e of imports) {
    const from = groupOf(e.source);
    const to = groupOf(e.target);
    if (from === to) continue;
    const key = `${from}\u0000${to}`;
    const seen = counts.get(key);
    if (seen) seen.imports++;
    else counts.set(key, { from, to, imports: 1 });
  }
  return [...counts.values()].sort(byWeight);
};
