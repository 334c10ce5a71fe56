import type { SyntaxNode } from "tree-sitter";
import { childrenOf, endOf, startOf } from "../collectNodes.js";
import type { ChunkableNode } from "./splitNodes.js";

/**
 * A tree-sitter node as the chunker reads it: start and end read once, children listed only
 * when the chunker opens the node. Through the public API every listed child became a cached
 * `SyntaxNode` (a weak reference and a finalizer each) and cost two more native calls for its
 * start and end; here a child costs one native call (its end).
 */
class SyntaxChunkNode implements ChunkableNode {
  readonly startIndex: number;
  readonly endIndex: number;
  constructor(private readonly node: SyntaxNode) {
    this.startIndex = startOf(node);
    this.endIndex = endOf(node);
  }
  get children(): ChunkableNode[] {
    return childrenOf(this.node).map((c) => new SyntaxChunkNode(c));
  }
}

export const syntaxChunkNode = (root: SyntaxNode): ChunkableNode => new SyntaxChunkNode(root);
