import * as Schema from "effect/Schema";
import {
  eventStoreOf,
  isTaggedError,
  type Command,
  type TaggedError,
  CODE_GRAPH,
  DEFAULT_GRAPH,
  ReadOnlyGraph,
  type GraphWrite,
} from "../../../commands/index.js";
import { buildAnalysisGraph, type AnalysisGraph, loadCodeGraph, loadScratchGraph, matchNode } from "../../../queries/index.js";
import { toolError } from "../../tool.js";
import { notIndexedMessage, type Embedder } from "../../../engine/index.js";
import type { ToolContext } from "../../ToolContext.js";

/** The `graph` argument every graph tool takes. */
export const graphArgument = Schema.optionalWith(
  Schema.String.pipe(Schema.minLength(1), Schema.maxLength(64)).annotations({ description: 'Graph name; "code" is the code graph (read-only)', default: DEFAULT_GRAPH }),
  { default: () => DEFAULT_GRAPH },
);

/** A node argument: a label, matched exactly, then ignoring case, then ignoring case and punctuation, then by meaning (matchNode). */
export const nodeArgument = (description: string) => Schema.String.pipe(Schema.minLength(1), Schema.maxLength(500)).annotations({ description });

export const Properties = Schema.Record({ key: Schema.String, value: Schema.Unknown });

/** The project's embedder for the third matching tier, or null (provider "none", or it failed to start). */
const embedderOf = (ctx: ToolContext): Embedder | null => {
  try {
    return ctx.embedder();
  } catch {
    return null;
  }
};

/** The names of the scratch graphs there are, for an error that lists them. */
const graphNames = async (ctx: ToolContext): Promise<string> => {
  const names = (await ctx.scratchGraphs()).graphs().map((g) => g.name);
  return names.length === 0 ? "none yet (a write to any name creates it)" : names.join(", ");
};

/**
 * The graph a tool reads, in memory: `code` is the code graph (built once per index
 * checkpoint), any other name a scratch graph as its stream stands now. `default` exists
 * before its first write (empty); another unknown name is an error that lists the graphs.
 */
export const analysisGraph = async (ctx: ToolContext, name: string): Promise<AnalysisGraph> => {
  if (name === CODE_GRAPH) {
    const code = await ctx.graphSnapshot(loadCodeGraph);
    if (code === null) throw toolError(`the code graph is not built: ${notIndexedMessage(await ctx.indexState())}`);
    return code;
  }
  const g = loadScratchGraph(await ctx.scratchGraphs(), name);
  if (g !== null) return g;
  if (name === DEFAULT_GRAPH) return buildAnalysisGraph({ name, nodes: [], edges: [] });
  throw toolError(`no graph named "${name}"; the graphs: ${await graphNames(ctx)} (and "code", the code graph)`);
};

/** Refuses a write to the code graph before anything is looked up. */
export const requireWritable = (name: string): void => {
  if (name === CODE_GRAPH) throw toolError(new ReadOnlyGraph({ graph: name }).message);
};

const list = (g: AnalysisGraph, nodes: ReadonlyArray<number>) => nodes.map((i) => `"${g.labels[i]}"`).join(", ");

/**
 * The node `query` names in `g` (see matchNode); when several fit about equally well, or none
 * does, the error names the candidates or the closest labels and the tool to use next.
 */
export const resolveNode = async (ctx: ToolContext, g: AnalysisGraph, query: string, role = "node"): Promise<number> => {
  const match = await matchNode(g, query, embedderOf(ctx));
  if (match._tag === "Found") return match.node;
  if (match._tag === "Ambiguous") {
    const options = match.candidates.map((c) => `"${g.labels[c.node]}"${match.tier === "similar" ? ` (${c.score.toFixed(2)})` : ""}`).join(", ");
    const why = match.tier === "case" ? " (they differ only in case)" : "";
    throw toolError(`${role} "${query}" is ambiguous in graph "${g.name}": it could be ${options}${why}; pass the exact label`);
  }
  if (g.labels.length === 0) throw toolError(`graph "${g.name}" has no nodes yet: add some with add_node or add_nodes`);
  const closest = match.closest.length > 0 ? `; closest: ${list(g, match.closest)}` : "";
  throw toolError(`no ${role} "${query}" in graph "${g.name}"${closest}. Search with find_node${g.name === CODE_GRAPH ? "" : ", or create it with add_node"}`);
};

/** Runs a graph command against the log; a failure becomes the tool's error, whose message says what to do. */
export const runGraphCommand = async <A, E extends TaggedError>(ctx: ToolContext, command: Command<GraphWrite<A>, E>): Promise<GraphWrite<A>> => {
  const result = command(eventStoreOf(ctx.log));
  if (isTaggedError(result)) throw toolError(result.message);
  return result;
};

/** A count with its noun: "1 edge", "3 edges". */
export const plural = (n: number, noun: string, many = `${noun}s`): string => `${n.toLocaleString("en-US")} ${n === 1 ? noun : many}`;
