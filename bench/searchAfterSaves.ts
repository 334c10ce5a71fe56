import { appendToStreams, type FileParsed, type LogHandle } from "../src/events/index.js";
import { ChunkProjector, type ChunkReader } from "../src/projections/chunks/index.js";
import type { Embedder } from "../src/projections/embed/Embedder.js";
import { catchUp } from "../src/projections/runProjector.js";
import { searchCode } from "../src/queries/search/searchCode.js";

/**
 * Saves as an editor makes them, through the chunk projector: one file at a time gets a new
 * function. After each, the time `reader` takes to bring its vectors to the new epoch (it
 * follows the ids the pass changed) and the time of the first search, which must find the
 * new function. The reader has loaded every vector before.
 */
export const searchAfterSaves = async (
  log: LogHandle,
  chunksDir: string,
  reader: ChunkReader,
  embedder: Embedder,
  saves: number,
): Promise<{ readonly follow: number[]; readonly firstSearch: number[]; readonly apply: number[] }> => {
  const projector = await ChunkProjector.open(chunksDir, embedder, { inlineEmbedding: true });
  const paths = reader.db.prepare("SELECT path FROM files ORDER BY path").pluck().all() as string[];
  const step = Math.max(1, Math.floor(paths.length / saves));
  const out = { follow: [] as number[], firstSearch: [] as number[], apply: [] as number[] };
  try {
    for (let i = 0; i < saves && i * step < paths.length; i++) {
      const path = paths[i * step]!;
      const rows = reader.rowsOf(path);
      const end = rows.reduce((n, r) => Math.max(n, r.endLine), 0);
      // One word no other chunk holds, as the live bench's names are.
      const name = `zqsaved${i}${Array.from({ length: 6 }, (_, k) => String.fromCharCode(97 + ((i * 7 + k * 5) % 26))).join("")}`;
      const data: FileParsed = {
        path, contentHash: `${path}#${i}`, language: rows[0]?.language ?? "python", parserVersion: "bench", packageName: null,
        lineCount: end + 3, hasErrors: false, symbols: [], references: [], imports: [], manifest: null,
        chunks: [
          ...rows.map((r) => ({ symbol: r.symbol, kind: r.kind, startLine: r.startLine, endLine: r.endLine, text: r.text, tokens: Math.ceil(r.text.length / 4) })),
          { symbol: name, kind: "Function", startLine: end + 2, endLine: end + 3, text: `def ${name}(expr):\n    return expr`, tokens: 8 },
        ],
      };
      appendToStreams(log, [{ stream: `file:${path}`, expectedVersion: "any", events: [{ type: "FileParsed", data, meta: { source: "bench" } }] }]);
      let t = performance.now();
      await catchUp(log, projector);
      out.apply.push(performance.now() - t);
      t = performance.now();
      await reader.vectors();
      out.follow.push(performance.now() - t);
      t = performance.now();
      const answer = await searchCode(reader, embedder, name, { limit: 5 });
      out.firstSearch.push(performance.now() - t);
      if (!answer.hits.some((h) => h.symbol === name)) throw new Error(`the search after saving ${path} did not find ${name}`);
    }
  } finally {
    await projector.close();
  }
  return out;
};
