import type { DeletedFile, GraphWrite } from "./GraphWrite.js";
import { groupByTable, groupEdges } from "./edgeGroups.js";
import type { KuzuWriter } from "./KuzuWriter.js";
import { fileNodeId, type NodeId } from "./model.js";

/** From this many Symbol nodes of deleted files on, they are deleted by one scan (see deleteFiles). */
const SYMBOL_SCAN_MIN = 200;

/**
 * Every node of these files. Row by row while they are few; past SYMBOL_SCAN_MIN symbols one
 * scan of the Symbol table by path costs less than their lookups (sympy: 147 symbols of five
 * files 26 vs ~120 ms; 8,500 of 300 files 1.0 vs ~7 s).
 */
export const deleteFiles = async (tx: KuzuWriter, files: ReadonlyArray<DeletedFile>): Promise<void> => {
  if (files.length === 0) return;
  const symbols = files.reduce((n, f) => n + f.symbols.length, 0);
  if (symbols < SYMBOL_SCAN_MIN) {
    await deleteNodes(tx, files.flatMap((f) => [fileNodeId(f.path), ...f.symbols]));
    return;
  }
  const paths = files.map((f) => f.path);
  await tx.exec("MATCH (n:Symbol) WHERE list_contains($paths, n.path) DETACH DELETE n", { paths });
  await tx.exec("MATCH (n:File) WHERE list_contains($paths, n.path) DETACH DELETE n", { paths });
};

/**
 * Matches by primary key one row at a time: Kuzu plans `UNWIND $rows … MATCH (n {id: r.id})`
 * as a scan (two of them joined by a cross product for an edge), while a single-row match
 * with parameters is a primary-key lookup (~0.5 ms a row inside the transaction).
 */
export const deleteNodes = async (tx: KuzuWriter, ids: ReadonlyArray<NodeId>): Promise<void> => {
  for (const [table, group] of groupByTable(ids)) {
    await tx.execEach(`MATCH (n:${table} {id: $id}) DETACH DELETE n`, group.map((id) => ({ id })));
  }
};

/** Deletes of edges and orphaned externals, and the unresolved lists of files that keep their node. */
export const applyDeletes = async (tx: KuzuWriter, w: Pick<GraphWrite, "deleteEdges" | "moveEdges" | "deleteExternals" | "setUnresolved">): Promise<void> => {
  for (const [key, edges] of groupEdges(w.deleteEdges)) {
    const [kind, from, to] = key.split("|");
    await tx.execEach(
      `MATCH (a:${from} {id: $f})-[e:${kind}]->(b:${to} {id: $t}) WHERE e.line = $l DELETE e`,
      edges.map((e) => ({ f: e.from, t: e.to, l: e.line })),
    );
  }
  const moved = new Map(w.moveEdges.map((m) => [m.edge, m.line]));
  for (const [key, edges] of groupEdges(w.moveEdges.map((m) => m.edge))) {
    const [kind, from, to] = key.split("|");
    await tx.execEach(
      `MATCH (a:${from} {id: $f})-[e:${kind}]->(b:${to} {id: $t}) WHERE e.line = $l SET e.line = $n`,
      edges.map((e) => ({ f: e.from, t: e.to, l: e.line, n: moved.get(e)! })),
    );
  }
  await tx.execEach(
    "MATCH (n:External {id: $id}) DETACH DELETE n",
    w.deleteExternals.map((id) => ({ id })),
  );
  await tx.execEach(
    "MATCH (f:File {id: $id}) SET f.unresolved = $unresolved, f.unresolvedCount = $unresolvedCount",
    w.setUnresolved,
  );
};
