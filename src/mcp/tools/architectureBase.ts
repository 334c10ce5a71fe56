import {
  architectureCachePath,
  loadArchitectureBase,
  readArchitectureCache,
  summarizeArchitecture,
  type ArchitectureBase,
  type EntryPoint,
} from "../../queries/index.js";
import { writeArchitectureCache } from "../../engine/index.js";
import type { ToolContext } from "../ToolContext.js";
import { requireGraph } from "./graphArguments.js";
import { manifestEntries, workspacePackages } from "./packageManifests.js";

export interface ArchitectureInputs {
  readonly base: ArchitectureBase;
  readonly manifestEntries: ReadonlyArray<EntryPoint>;
}

/**
 * The last base loaded, keyed by the project, the checkpoints of the read models it is built
 * from (the graph; the chunk table for entry points) and the workspace packages: a zoom into a
 * module or a file, a sketch for get_smart_context or a hook, reuse the loaded graph and ranks
 * instead of loading them again (2 s on sympy). A memory write moves only the catalog, so it
 * keeps the base.
 */
let last: { readonly key: string; readonly base: Promise<ArchitectureBase> } | null = null;
const BUILT_FROM = new Set(["graph", "chunks"]);

const graphPositionOf = (models: Awaited<ReturnType<ToolContext["readModels"]>>): number => models.find((m) => m.name === "graph")?.position ?? 0;

/**
 * Keeps the project's summary where the session-start hook reads it (that hook never opens the
 * graph). Tools run in the engine process, so this is the engine writing a cache of its own
 * read model. A cache that cannot be written only leaves the hook without an architecture part.
 */
const cacheSummary = (ctx: ToolContext, base: ArchitectureBase, entries: ReadonlyArray<EntryPoint>, graphPosition: number): void => {
  try {
    writeArchitectureCache(architectureCachePath(ctx.paths.dir), summarizeArchitecture(base, entries, graphPosition));
  } catch {
    /* see above */
  }
};

/** The base of get_architecture and of the sketch, plus the manifests read fresh from the tree. */
export const architectureInputs = async (ctx: ToolContext): Promise<ArchitectureInputs> => {
  const graph = await requireGraph(ctx);
  const packages = workspacePackages(ctx.root);
  const entries = manifestEntries(ctx.root, packages);
  const models = await ctx.readModels();
  const positions = models
    .filter((m) => BUILT_FROM.has(m.name))
    .map((m) => `${m.name}@${m.position}`)
    .join(",");
  const key = `${ctx.root}\u0000${positions}\u0000${[...packages].sort().join(",")}`;
  if (last === null || last.key !== key) {
    const chunks = await ctx.chunks();
    const base = loadArchitectureBase(graph, chunks?.db ?? null, packages);
    last = { key, base };
    // A failed load is not kept: the next call tries again.
    base.then(
      (b) => cacheSummary(ctx, b, entries, graphPositionOf(models)),
      () => {
        if (last?.base === base) last = null;
      },
    );
  }
  return { base: await last.base, manifestEntries: entries };
};

/**
 * Computes the architecture when the cached summary is missing or older than the graph, so the
 * next session starts knowing the project's shape without anyone having asked get_architecture.
 * For `nemesis serve` once it has caught up with the disk; nothing when nothing is indexed.
 */
export const refreshArchitectureCache = async (ctx: ToolContext): Promise<void> => {
  if ((await ctx.graph()) === null) return;
  const cached = readArchitectureCache(architectureCachePath(ctx.paths.dir));
  if (cached !== null && cached.graphPosition === graphPositionOf(await ctx.readModels())) return;
  await architectureInputs(ctx);
};
