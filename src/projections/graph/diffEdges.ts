import type { GraphEdge } from "./model.js";

const keyOf = (e: GraphEdge): string => `${e.kind}|${e.from}|${e.to}|${e.line}`;

/**
 * What turns the stored edges `before` into `after`. Edges are compared as a multiset of
 * (kind, from, to, line); deleting by that key removes every copy, so a key whose count
 * changed is deleted once and all of its new copies are added.
 */
export const diffEdges = (
  before: ReadonlyArray<GraphEdge>,
  after: ReadonlyArray<GraphEdge>,
): { readonly removed: GraphEdge[]; readonly added: GraphEdge[] } => {
  const counts = new Map<string, { before: number; after: GraphEdge[]; sample: GraphEdge }>();
  for (const e of before) {
    const k = keyOf(e);
    const c = counts.get(k);
    if (c) c.before++;
    else counts.set(k, { before: 1, after: [], sample: e });
  }
  for (const e of after) {
    const k = keyOf(e);
    const c = counts.get(k);
    if (c) c.after.push(e);
    else counts.set(k, { before: 0, after: [e], sample: e });
  }
  const removed: GraphEdge[] = [];
  const added: GraphEdge[] = [];
  for (const c of counts.values()) {
    if (c.before === c.after.length) continue;
    if (c.before > 0) removed.push(c.sample);
    added.push(...c.after);
  }
  return { removed, added };
};
