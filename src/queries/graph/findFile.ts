import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import { fileNodeId } from "../../projections/graph/model.js";
import { closestNames } from "../analysis/closestNames.js";
import { codeNode, nodeColumns, type CodeNode } from "./graphNodes.js";

export type FileLookup =
  | { readonly _tag: "File"; readonly path: string; readonly node: CodeNode; readonly symbols: ReadonlyArray<CodeNode> }
  /** No such file: the indexed files closest to it, or, when `path` is a folder, files under it. */
  | { readonly _tag: "UnknownFile"; readonly path: string; readonly folder: boolean; readonly candidates: ReadonlyArray<string> };

const base = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** An indexed file and its symbols (in line order), or the files closest to the path asked for. */
export const findFile = async (graph: GraphQueryable, path: string, candidates = 5): Promise<FileLookup> => {
  const file = await graph.query("MATCH (f:File {id: $id}) RETURN f.id AS id", { id: fileNodeId(path) });
  if (file[0] !== undefined) {
    const rows = await graph.query(`MATCH (a:Symbol) WHERE a.path = $path RETURN ${nodeColumns("a")} ORDER BY a_line, a_id`, { path });
    const node: CodeNode = { id: String(file[0].id), kind: "File", name: path, file: path, line: 0, exported: false };
    return { _tag: "File", path, node, symbols: rows.map((r) => codeNode(r, "a")) };
  }
  const paths = (await graph.query("MATCH (f:File) RETURN f.path AS path ORDER BY path")).map((r) => String(r.path));
  const under = path === "" ? paths : paths.filter((p) => p.startsWith(`${path}/`));
  if (under.length > 0) return { _tag: "UnknownFile", path, folder: true, candidates: under.slice(0, candidates) };
  return { _tag: "UnknownFile", path, folder: false, candidates: closestNames(path, paths, (p) => [p, base(p)], candidates) };
};
