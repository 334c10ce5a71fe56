import * as Schema from "effect/Schema";
import { Chunk, type RecordedEvent } from "../../events/index.js";
import { chunkId } from "./chunkId.js";
import type { ChunkRow } from "./ChunkRow.js";

/**
 * FileParsed is mostly symbols and references: the log hands this projector only the three
 * fields it reads, so a replay never parses (nor keeps) the rest.
 */
export const CHUNK_SUMMARIES = { FileParsed: { path: "$.path", language: "$.language", chunks: "$.chunks" } } as const;

/** Only what the chunk model needs from FileParsed: decoding symbols and references here would waste the replay. */
const ParsedChunks = Schema.Struct({ path: Schema.String, language: Schema.String, chunks: Schema.Array(Chunk) });
const decodeParsedChunks = Schema.decodeUnknownSync(ParsedChunks);
const decodePath = Schema.decodeUnknownSync(Schema.Struct({ path: Schema.String }));

/** The rows a FileParsed event gives, in file order. */
export const rowsOf = (path: string, language: string, chunks: ReadonlyArray<Chunk>): ChunkRow[] =>
  chunks.map((c) => ({
    id: chunkId(path, language, c.startLine, c.endLine, c.symbol, c.kind, c.text),
    path,
    symbol: c.symbol,
    kind: c.kind,
    language,
    startLine: c.startLine,
    endLine: c.endLine,
    text: c.text,
  }));

/** What one file should hold after a batch: its rows, or none (deleted, failed, skipped). */
export interface FileTarget {
  readonly path: string;
  readonly language: string | null;
  readonly rows: ChunkRow[];
}

/** What each file of a batch should hold; later events for a path supersede earlier ones in the same batch, so only the last applies. */
export const fileTargets = (events: ReadonlyArray<RecordedEvent>): Map<string, FileTarget> => {
  const latest = new Map<string, FileTarget>();
  for (const e of events) {
    if (e.type === "FileParsed") {
      const d = decodeParsedChunks(e.data);
      latest.set(d.path, { path: d.path, language: d.language, rows: rowsOf(d.path, d.language, d.chunks) });
    } else {
      const { path } = decodePath(e.data);
      latest.set(path, { path, language: null, rows: [] });
    }
  }
  return latest;
};
