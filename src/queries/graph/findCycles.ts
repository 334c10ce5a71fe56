import type { GraphQueryable } from "../../projections/index.js";
import { cyclesOf } from "../algorithms/cyclesOf.js";
import { inScope, scopePrefix, type PathScope } from "../analysis/PathScope.js";
import type { PlainEdge } from "../analysis/PlainGraph.js";
import { codeNode, nodeFields, type CodeNode } from "./graphNodes.js";
import { queryAsList } from "./queryAsList.js";

export type CycleEdgeType = "IMPORTS" | "CALLS";

/** One node of a cycle and where it imports or calls the next one. */
export interface CycleStep {
  readonly id: string;
  /** A file's path (IMPORTS) or a symbol's qualified name (CALLS). */
  readonly name: string;
  readonly kind: string;
  readonly file: string;
  /** Line of the import or call of the next node, in `file`. */
  readonly line: number;
}

export interface CycleAnswer {
  readonly edgeType: CycleEdgeType;
  /** Files (IMPORTS) or symbols (CALLS) with an edge of that type inside the scope. */
  readonly nodes: number;
  readonly edges: number;
  /** Strongly connected groups (a cycle or several sharing nodes), largest first, as member names. */
  readonly components: ReadonlyArray<ReadonlyArray<string>>;
  /** Closed paths: the last step leads back to the first. */
  readonly cycles: ReadonlyArray<ReadonlyArray<CycleStep>>;
  readonly capped: boolean;
}

// Files import files, or a symbol of another file (then that symbol's file counts).
const IMPORTS = "MATCH (a:File)-[r:IMPORTS]->(b:File:Symbol) WHERE a.path STARTS WITH $prefix AND b.path STARTS WITH $prefix";
const CALLS = "MATCH (a:Symbol)-[r:CALLS]->(b:Symbol) WHERE a.path STARTS WITH $prefix AND b.path STARTS WITH $prefix";

/**
 * Import cycles between files, or recursion between functions (CALLS), inside `scope` (both ends
 * of every edge in it): the strongly connected groups and, for each, closed paths that pass
 * through all its members, at most `limit` paths. A function calling itself is a cycle of one
 * when the graph records the call.
 */
export const findCycles = async (graph: GraphQueryable, edgeType: CycleEdgeType, scope: PathScope, limit: number): Promise<CycleAnswer> => {
  const within = inScope(scope);
  const params = { prefix: scopePrefix(scope) };
  const nodes = new Map<string, CodeNode>();
  const edges: PlainEdge[] = [];
  if (edgeType === "IMPORTS") {
    for (const r of await queryAsList(graph, IMPORTS, { src: "a.path", dst: "b.path", line: "r.line" }, params)) {
      const src = String(r.src);
      const dst = String(r.dst);
      if (src === dst || !within(src) || !within(dst)) continue;
      for (const path of [src, dst]) nodes.set(path, { id: path, kind: "File", name: path, file: path, line: 0, exported: false });
      edges.push({ source: src, target: dst, kind: edgeType, line: Number(r.line ?? 0) });
    }
  } else {
    for (const r of await queryAsList(graph, CALLS, { ...nodeFields("a"), ...nodeFields("b"), line: "r.line" }, params)) {
      const a = codeNode(r, "a");
      const b = codeNode(r, "b");
      if (!within(a.file!) || !within(b.file!)) continue;
      nodes.set(a.id, a);
      nodes.set(b.id, b);
      edges.push({ source: a.id, target: b.id, kind: edgeType, line: Number(r.line ?? 0) });
    }
  }

  // The earliest line of each (source, target) pair: where the cycle's step is written.
  const lineOf = new Map<string, number>();
  for (const e of edges) {
    const key = `${e.source}\u0000${e.target}`;
    const seen = lineOf.get(key);
    if (seen === undefined || e.line < seen) lineOf.set(key, e.line);
  }
  const found = cyclesOf(edges, limit);
  const step = (id: string, nextId: string): CycleStep => {
    const node = nodes.get(id)!;
    return { id, name: node.name, kind: node.kind, file: node.file!, line: lineOf.get(`${id}\u0000${nextId}`) ?? 0 };
  };
  return {
    edgeType,
    nodes: nodes.size,
    edges: lineOf.size,
    components: found.components.map((c) => c.map((id) => nodes.get(id)!.name)),
    cycles: found.cycles.map((cycle) => cycle.map((id, i) => step(id, cycle[(i + 1) % cycle.length]!))),
    capped: found.capped,
  };
};
