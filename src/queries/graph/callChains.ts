import type { GraphQueryable } from "../../projections/index.js";
import { nodeIndex, nodeOf, type GraphNode } from "../symbols/nodeIndex.js";
import { edgesOf, type Direction } from "./edgesOf.js";

/** A path of CALLS edges as stored: `steps[i]` calls `steps[i + 1]` at line `lines[i]` of `steps[i]`'s file. */
export interface CallChain {
  readonly steps: ReadonlyArray<GraphNode>;
  readonly lines: ReadonlyArray<number>;
}

export interface CallChainOptions {
  /** Most calls in one chain. */
  readonly depth: number;
  /** `out`: chains starting at a start node (what it calls, transitively); `in`: chains ending at one (who calls it). */
  readonly direction: Direction;
  /** Most chains returned (default 20). */
  readonly max?: number;
  /** Most nodes whose calls are read per level (default 500). */
  readonly frontier?: number;
}

export interface CallChains {
  readonly chains: ReadonlyArray<CallChain>;
  /** More chains exist than were returned. */
  readonly truncated: boolean;
}

interface Call {
  readonly next: string;
  readonly line: number;
}

/**
 * Real CALLS paths through the graph from (or, `in`, into) any of `starts`, each as long as it
 * goes up to `depth` calls: maximal, never revisiting a node, written caller first. The calls
 * are read level by level (one query per level); the paths are then walked depth first in memory.
 */
export const callChains = async (graph: GraphQueryable, starts: ReadonlyArray<GraphNode>, options: CallChainOptions): Promise<CallChains> => {
  const index = await nodeIndex(graph);
  const max = options.max ?? 20;
  const width = options.frontier ?? 500;
  const adjacency = new Map<string, Call[]>();
  let frontier = [...new Set(starts.map((s) => s.id))];
  let truncated = false;
  for (let level = 0; level < options.depth && frontier.length > 0; level++) {
    for (const id of frontier) adjacency.set(id, []);
    const next = new Set<string>();
    for (const r of await edgesOf(graph, frontier, options.direction, ["CALLS"])) {
      const [near, far] = options.direction === "out" ? [r.from, r.to] : [r.to, r.from];
      adjacency.get(near)?.push({ next: far, line: r.line });
      if (!adjacency.has(far)) next.add(far);
    }
    if (next.size > width) truncated = true;
    frontier = [...next].slice(0, width);
  }

  const chains: CallChain[] = [];
  const path: string[] = [];
  const lines: number[] = [];
  const emit = () => {
    const steps = path.map((id) => nodeOf(index, id));
    chains.push(
      options.direction === "out"
        ? { steps, lines: [...lines] }
        : { steps: steps.reverse(), lines: [...lines].reverse() },
    );
  };
  const walk = (id: string): void => {
    if (chains.length > max) return;
    path.push(id);
    const calls = path.length - 1 < options.depth ? (adjacency.get(id) ?? []).filter((c) => !path.includes(c.next)) : [];
    if (calls.length === 0) {
      if (path.length > 1) emit();
    } else {
      for (const c of calls) {
        lines.push(c.line);
        walk(c.next);
        lines.pop();
        if (chains.length > max) break;
      }
    }
    path.pop();
  };
  for (const s of starts) walk(s.id);
  if (chains.length > max) truncated = true;
  return { chains: chains.slice(0, max), truncated };
};
