import type { SyntaxNode, Tree } from "tree-sitter";
import { collectNodes, type CollectedNodes } from "../collectNodes.js";
import type { Extraction } from "./Extraction.js";
import type { LanguageExtractor, NodeRef } from "./LanguageExtractor.js";

/** How many nodes are visited between two looks at the clock. */
const CLOCK_EVERY = 256;

export type ExtractOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };

class Ref implements NodeRef {
  i = 0;
  type = "";
  start = 0;
  constructor(private readonly nodes: CollectedNodes) {}
  node(): SyntaxNode {
    return this.nodes.node(this.i);
  }
}

const wanted = new WeakMap<LanguageExtractor, readonly string[]>();

/** Every node type the extractor counts or visits. */
const wantedBy = (extractor: LanguageExtractor): readonly string[] => {
  let types = wanted.get(extractor);
  if (types === undefined) wanted.set(extractor, (types = [...new Set([...extractor.branches, ...extractor.interest])]));
  return types;
};

const visitedBranches = new WeakMap<LanguageExtractor, ReadonlySet<string>>();

/** Branch types the extractor also visits (a `for` loop both branches and binds its target). */
const branchesVisited = (extractor: LanguageExtractor): ReadonlySet<string> => {
  let types = visitedBranches.get(extractor);
  if (types === undefined) visitedBranches.set(extractor, (types = new Set(extractor.interest.filter((t) => extractor.branches.has(t)))));
  return types;
};

/** Visits the interesting nodes of `tree` in document order, stopping at `deadline`. */
export const runExtractor = (
  tree: Tree,
  root: SyntaxNode,
  extractor: LanguageExtractor,
  x: Extraction,
  deadline: number,
  budgetMs: number,
): ExtractOutcome => {
  const nodes = collectNodes(tree, root, wantedBy(extractor));
  const { branches } = extractor;
  const alsoVisited = branchesVisited(extractor);
  const ref = new Ref(nodes);
  const { types, starts, count } = nodes;
  for (let i = 0; i < count; i++) {
    if (i % CLOCK_EVERY === 0 && performance.now() > deadline) {
      return { ok: false, reason: `extraction timed out after ${budgetMs} ms` };
    }
    ref.i = i;
    ref.type = types[i]!;
    ref.start = starts[i]!;
    x.enter(ref.start);
    if (branches.has(ref.type)) {
      x.branch();
      if (!alsoVisited.has(ref.type)) continue;
    }
    extractor.visit(ref, x);
  }
  extractor.finish?.(x);
  return { ok: true };
};
