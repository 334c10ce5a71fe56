import type { GraphQueryable } from "../../projections/index.js";

/** Every file the code graph holds, project-relative: what a scope argument is checked against. */
export const graphFilePaths = async (graph: GraphQueryable): Promise<string[]> =>
  (await graph.query("MATCH (f:File) RETURN f.path AS path")).map((r) => String(r.path));
