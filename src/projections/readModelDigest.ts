import type { NemesisPaths } from "../config/index.js";
import { CatalogReader } from "./catalog/CatalogReader.js";
import { ChunkReader } from "./chunks/ChunkReader.js";
import { GraphReader } from "./graph/GraphReader.js";

/**
 * What the code read models of a project hold, as sorted lines in which nothing depends on how
 * they were built (log positions, row order, run times): two indexes of the same tree, one built
 * by deltas over a day and one fresh, give equal digests. The graph is its dump (every node with
 * its columns, every edge), the chunks their ids (a chunk's id hashes its place, symbol, kind and
 * text) with their files, the catalog each file's hash, language, status and symbol count.
 */
export interface ReadModelDigest {
  readonly graph: ReadonlyArray<string>;
  readonly chunks: ReadonlyArray<string>;
  readonly catalog: ReadonlyArray<string>;
}

/** Reads every code read model of the project; no engine may hold it (Kuzu is opened read-only). */
export const readModelDigest = async (paths: NemesisPaths): Promise<ReadModelDigest> => {
  const graph = await GraphReader.openReadOnly(paths.graph);
  let dump: string[];
  try {
    dump = await graph.dump();
  } finally {
    await graph.close();
  }
  const reader = await ChunkReader.open(paths.chunks);
  const chunks = reader === null ? [] : [...reader.paths()].map(([id, path]) => `${id} ${path}`).sort();
  reader?.close();
  const catalog = CatalogReader.open(paths.catalog);
  const files = catalog.files().map((f) => `${f.path} ${f.content_hash ?? "-"} ${f.language ?? "-"} ${f.status} ${f.reason ?? "-"} ${f.symbols}`);
  catalog.close();
  return { graph: dump, chunks, catalog: files.sort() };
};

/**
 * How two digests differ, one line per read model that does (empty when they are equal): the
 * count of lines only in each and the first few of them.
 */
export const digestDifferences = (actual: ReadModelDigest, expected: ReadModelDigest, shown = 3): string[] =>
  (["graph", "chunks", "catalog"] as const).flatMap((model) => {
    const a = new Set(actual[model]);
    const e = new Set(expected[model]);
    const extra = [...a].filter((l) => !e.has(l));
    const missing = [...e].filter((l) => !a.has(l));
    if (extra.length === 0 && missing.length === 0) return [];
    const first = (lines: string[]) => lines.slice(0, shown).map((l) => `    ${l.slice(0, 200)}`);
    const lines = [`${model}: ${extra.length} lines only in the first, ${missing.length} only in the second`, ...first(extra)];
    if (missing.length > 0) lines.push("  only in the second:", ...first(missing));
    return [lines.join("\n")];
  });
