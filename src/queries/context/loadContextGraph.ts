import type { GraphQueryable, EdgeKind } from "../../projections/index.js";
import { adjacency, KIND_NUMBER, KINDS, type EdgeRow } from "../graph/adjacency.js";
import { nodeIndex, type GraphNode } from "../symbols/nodeIndex.js";
import { DOC_LINES, type ContextGraph, type ContextSymbol } from "./contextGraph.js";
import { ReadThroughMap } from "../readThroughMap.js";
import { symbolDocs } from "./symbolDocs.js";

/** The edges the walk follows (`expandNeighbourhood`). */
const WALKED: ReadonlySet<EdgeKind> = new Set(["CALLS", "IMPLEMENTS", "INHERITS", "TESTS", "IMPORTS"]);

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The symbols of the graph as smart context shows them, each made on first ask from the node
 * index and the docstrings: an answer looks at a few hundred of the project's symbols.
 */
class ContextSymbols extends ReadThroughMap<string, ContextSymbol> {
  private readonly made = new Map<string, ContextSymbol>();
  private all: Map<string, ContextSymbol> | null = null;

  constructor(
    private readonly byId: ReadonlyMap<string, GraphNode>,
    private readonly nodes: ReadonlyArray<GraphNode>,
    private readonly docs: ReadonlyMap<string, string>,
  ) {
    super();
  }

  get(id: string): ContextSymbol | undefined {
    const kept = this.made.get(id);
    if (kept !== undefined) return kept;
    const n = this.byId.get(id);
    if (n === undefined || n.table !== "Symbol") return undefined;
    return this.of(n);
  }

  of(n: GraphNode): ContextSymbol {
    let s = this.made.get(n.id);
    if (s === undefined) {
      s = {
        id: n.id,
        path: n.path ?? "",
        kind: n.kind || "Symbol",
        name: n.qualifiedName,
        signature: n.signature ?? "",
        doc: (this.docs.get(n.id) ?? "").split("\n", DOC_LINES).join("\n").trim(),
        start: n.startLine,
        end: n.endLine,
      };
      this.made.set(n.id, s);
    }
    return s;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  protected whole(): Map<string, ContextSymbol> {
    return (this.all ??= new Map(this.nodes.filter((n) => n.table === "Symbol").map((n) => [n.id, this.of(n)])));
  }
}

/**
 * The smart-context graph of the whole project, read from what the graph tools keep in memory
 * for the same graph state (the node index, the edges, the docstrings), each brought forward by
 * the files a write changed: after an edit it costs milliseconds, where reading every symbol and
 * edge from Kuzu again cost ~0.5-1 s of CPU on sympy. Edges between project nodes only (an
 * External end is left out, as the walk leaves it out), in the order `edgesOf` reads from Kuzu.
 */
export const loadContextGraph = async (graph: GraphQueryable): Promise<ContextGraph> => {
  const [adj, index, docs] = await Promise.all([adjacency(graph), nodeIndex(graph), symbolDocs(graph)]);
  const symbols = new ContextSymbols(index.byId, index.nodes, docs);
  const external = (n: number) => adj.ids[n]!.startsWith("x:");
  return {
    symbols,
    symbolsIn: (path) => (index.symbolsByPath.get(path) ?? []).map((n) => symbols.of(n)),
    edgesOf: (ids, direction, kinds, perNode = Infinity) => {
      const wanted = new Uint8Array(KINDS.length);
      for (const k of kinds) if (WALKED.has(k)) wanted[KIND_NUMBER.get(k)!] = 1;
      const side = adj[direction];
      const rows: EdgeRow[] = [];
      for (const id of [...new Set(ids)].sort(byText)) {
        const n = adj.numbers.get(id);
        if (n === undefined || external(n)) continue;
        let taken = 0;
        for (let e = side.start[n]!; e < side.start[n + 1]!; e++) {
          if (taken >= perNode) break;
          const far = side.far[e]!;
          if (wanted[side.kind[e]!] === 0 || external(far)) continue;
          const other = adj.ids[far]!;
          rows.push({ kind: KINDS[side.kind[e]!]!, from: direction === "out" ? id : other, to: direction === "out" ? other : id, line: side.line[e]! });
          if (far !== n) taken++;
        }
      }
      return rows;
    },
  };
};
