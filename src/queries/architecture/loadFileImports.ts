import type { GraphQueryable } from "../../projections/index.js";

export interface FileImports {
  /** Every indexed file with its line count (0 when unknown). */
  readonly files: ReadonlyMap<string, number>;
  /** Distinct (importing file, imported file) pairs; an import of a symbol counts for the symbol's file. */
  readonly imports: ReadonlyArray<{ readonly source: string; readonly target: string }>;
}

const FILES = "MATCH (f:File) RETURN f.path AS path, f.lines AS lines";
const IMPORTS = "MATCH (a:File)-[:IMPORTS]->(b:File:Symbol) WHERE a.path <> b.path RETURN DISTINCT a.path AS src, b.path AS dst";

/** The project's files and its file-to-file import links, in two queries whatever the project's size. */
export const loadFileImports = async (graph: GraphQueryable): Promise<FileImports> => {
  const files = new Map<string, number>();
  for (const r of await graph.query(FILES)) files.set(String(r.path), Number(r.lines ?? 0));
  const imports = (await graph.query(IMPORTS)).map((r) => ({ source: String(r.src), target: String(r.dst) }));
  return { files, imports };
};
