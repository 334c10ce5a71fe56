import picomatch from "picomatch";
import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import { ALL_FILES, type PathScope } from "../../queries/analysis/PathScope.js";
import type { CodeNode } from "../../queries/graph/graphNodes.js";
import { pinGraph } from "../../queries/perGraphState.js";
import { projectPath } from "../projectPath.js";
import { notIndexedMessage } from "../indexState.js";
import { toolError } from "../tool.js";
import type { GraphLoad, ToolContext } from "../ToolContext.js";

/** The code graph for one call (its state read once: `pinGraph`), or the error that says to index first. */
export const requireGraph = async (ctx: ToolContext): Promise<GraphQueryable> => {
  const graph = await ctx.graph();
  if (graph === null) throw toolError(notIndexedMessage(await ctx.indexState()));
  return pinGraph(graph);
};

/** What `load` builds from the whole graph, kept until the graph changes (`ToolContext.graphSnapshot`), or the error that says to index first. */
export const requireGraphSnapshot = async <T>(ctx: ToolContext, load: GraphLoad<T>): Promise<T> => {
  const snapshot = await ctx.graphSnapshot(load);
  if (snapshot === null) throw toolError(notIndexedMessage(await ctx.indexState()));
  return snapshot;
};

/**
 * A scope argument as a PathScope confined to the project: empty or "." for everything, a glob
 * (`src/**\/*.ts`: its literal base must lie inside the project and no segment may be `..`), or
 * a file or folder path.
 */
export const scopeArgument = (root: string, text: string | undefined): PathScope => {
  const trimmed = (text ?? "").trim();
  if (trimmed === "" || trimmed === ".") return ALL_FILES;
  const scan = picomatch.scan(trimmed);
  if (!scan.isGlob) {
    const path = projectPath(root, trimmed);
    return path === "" ? ALL_FILES : { kind: "path", path };
  }
  if (scan.glob.split("/").includes("..")) throw toolError(`"${text}": a glob may not climb out with "..": pass one relative to the project root`);
  const base = scan.base === "" ? "" : projectPath(root, scan.base);
  return { kind: "glob", pattern: base === "" ? scan.glob : `${base}/${scan.glob}` };
};

/** `name [Kind] file:line` for a list of candidates in an error message. */
export const candidateLines = (nodes: ReadonlyArray<CodeNode>): string =>
  nodes.map((n) => `  ${n.name} [${n.kind}] ${n.file === null ? "" : `${n.file}:${n.line}`}`.trimEnd()).join("\n");

/** `file:line`, or the bare file for line 0. */
export const place = (file: string | null, line: number): string => (file === null ? "(external)" : line > 0 ? `${file}:${line}` : file);
