import { fileNodeId } from "../../projections/index.js";
import { closestNames } from "../analysis/closestNames.js";
import { compareText, type NodeIndex } from "../symbols/nodeIndex.js";
import { codeNodeOf, type CodeNode } from "./graphNodes.js";

export type FileLookup =
  | { readonly _tag: "File"; readonly path: string; readonly node: CodeNode; readonly symbols: ReadonlyArray<CodeNode> }
  /** No such file: the indexed files closest to it, or, when `path` is a folder, files under it. */
  | { readonly _tag: "UnknownFile"; readonly path: string; readonly folder: boolean; readonly candidates: ReadonlyArray<string> };

const base = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** An indexed file and its symbols (in line order), or the files closest to the path asked for. */
export const findFile = (index: NodeIndex, path: string, candidates = 5): FileLookup => {
  const file = index.byId.get(fileNodeId(path));
  if (file !== undefined) {
    const node: CodeNode = { id: file.id, kind: "File", name: path, file: path, line: 0, exported: false };
    return { _tag: "File", path, node, symbols: (index.symbolsByPath.get(path) ?? []).map(codeNodeOf) };
  }
  const paths = index.files.map((f) => f.path ?? "").sort(compareText);
  const under = path === "" ? paths : paths.filter((p) => p.startsWith(`${path}/`));
  if (under.length > 0) return { _tag: "UnknownFile", path, folder: true, candidates: under.slice(0, candidates) };
  return { _tag: "UnknownFile", path, folder: false, candidates: closestNames(path, paths, (p) => [p, base(p)], candidates) };
};
