import * as Either from "effect/Either";
import { parsePathScope, pathScope, graphFilePaths, pinGraph, type PathScope, type CodeNode } from "../../queries/index.js";
import { notIndexedMessage, type GraphQueryable } from "../../engine/index.js";
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
 * A scope argument over the code graph's files, through the one path normaliser (`pathScope`):
 * everything, a file or folder, or a glob, confined to the project and naming at least one
 * indexed file; anything else is a refused argument of `tool`.
 */
export const scopeArgument = async (ctx: ToolContext, graph: GraphQueryable, text: string | undefined, tool: string): Promise<PathScope> => {
  const fail = (reason: string) => toolError(`invalid arguments for ${tool}: ${reason}`);
  const parsed = parsePathScope(ctx.root, text, "scope");
  if (Either.isLeft(parsed)) throw fail(parsed.left);
  if (parsed.right.kind === "all") return parsed.right;
  const files = await graphFilePaths(graph);
  const scope = pathScope(ctx.root, text, () => files, "scope");
  if (Either.isLeft(scope)) throw fail(scope.left);
  return scope.right;
};

/** `name [Kind] file:line` for a list of candidates in an error message. */
export const candidateLines = (nodes: ReadonlyArray<CodeNode>): string =>
  nodes.map((n) => `  ${n.name} [${n.kind}] ${n.file === null ? "" : `${n.file}:${n.line}`}`.trimEnd()).join("\n");

/** `file:line`, or the bare file for line 0. */
export const place = (file: string | null, line: number): string => (file === null ? "(external)" : line > 0 ? `${file}:${line}` : file);
