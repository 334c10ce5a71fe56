import { loadArchitectureBase, type ArchitectureBase, type EntryPoint } from "../../queries/architecture/index.js";
import type { ToolContext } from "../ToolContext.js";
import { requireGraph } from "./graphArguments.js";
import { manifestEntries, workspacePackages } from "./packageManifests.js";

export interface ArchitectureInputs {
  readonly base: ArchitectureBase;
  readonly manifestEntries: ReadonlyArray<EntryPoint>;
}

/**
 * The last base loaded, keyed by the project and the positions of its read models: a zoom into
 * a module or a file, or a sketch for a hook, right after a project answer reuses the loaded
 * graph and ranks instead of loading them again. Any event a read model applies changes the key.
 */
let last: { readonly key: string; readonly base: Promise<ArchitectureBase> } | null = null;

/** The base of get_architecture and of the sketch, plus the manifests read fresh from the tree. */
export const architectureInputs = async (ctx: ToolContext): Promise<ArchitectureInputs> => {
  const graph = await requireGraph(ctx);
  const packages = workspacePackages(ctx.root);
  const positions = (await ctx.readModels()).map((m) => `${m.name}@${m.position}`).join(",");
  const key = `${ctx.root}\u0000${positions}\u0000${[...packages].sort().join(",")}`;
  if (last === null || last.key !== key) {
    const chunks = await ctx.chunks();
    const base = loadArchitectureBase(graph, chunks?.db ?? null, packages);
    last = { key, base };
    // A failed load is not kept: the next call tries again.
    base.catch(() => {
      if (last?.base === base) last = null;
    });
  }
  return { base: await last.base, manifestEntries: manifestEntries(ctx.root, packages) };
};
