import { EDGE_KINDS, type EdgeKind, type GraphQueryable, unseenAdvice } from "../../engine/index.js";
import { resolveSymbol, type Resolved, type ResolveOptions } from "../../queries/index.js";
import { projectPath } from "../projectPath.js";
import { toolError } from "../tool.js";
import type { ToolContext } from "../ToolContext.js";
import { nodeText } from "./graphText.js";

/**
 * A tool's symbol argument resolved to one node (see `resolveSymbol`), its path part confined to
 * the project; a ToolError naming the closest candidates when nothing matches.
 */
export const resolveArgument = async (
  ctx: ToolContext,
  graph: GraphQueryable,
  text: string,
  options: Omit<ResolveOptions, "confinePath"> = {},
): Promise<Resolved> => {
  const found = await resolveSymbol(graph, text, { ...options, confinePath: (p) => projectPath(ctx.root, p) });
  if (found._tag === "Resolved") return found;
  const list = found.closest.map((n) => `  ${nodeText(n)}`).join("\n");
  if (found.reason === "directory") {
    throw toolError(`"${text}" is a directory. Name one of its files (or a symbol), e.g.:\n${list}`);
  }
  const what = options.kinds?.length === 1 && options.kinds[0] === "File" ? "indexed file" : "symbol or file";
  throw toolError(
    list === ""
      ? `No ${what} matches "${text}" and the graph has nothing close. Check the name with search_nodes; ${unseenAdvice(await ctx.indexState(), "run index_project if the code is new")}.`
      : `No ${what} matches "${text}". Closest:\n${list}\nRetry with one of these names, or look names up with search_nodes.`,
  );
};

/**
 * Edge kinds as a client may write them (`CALLS`, `calls`, `Calls`, `has_method`, `HasMethod`,
 * comma-separated), checked against the graph's kinds; a ToolError listing the kinds otherwise.
 */
export const parseEdgeKinds = (texts: ReadonlyArray<string>): EdgeKind[] => {
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
  const kinds: EdgeKind[] = [];
  for (const part of texts.flatMap((t) => t.split(",")).map((p) => p.trim()).filter((p) => p !== "")) {
    const kind = EDGE_KINDS.find((k) => squash(k) === squash(part));
    if (kind === undefined) throw toolError(`Unknown edge type "${part}". Edge types: ${EDGE_KINDS.join(", ")}.`);
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
};
