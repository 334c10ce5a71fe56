import type { ChunkRow } from "./ChunkRow.js";

/**
 * What is embedded for a chunk: its file and symbol on a header line, then the code from its
 * first visible character (the first line's indentation says nothing to a model, and the
 * chunker sizes a chunk from there). The header lets a query that names a module or a type
 * meet chunks that never spell it out.
 * Changing this changes every vector: bump CHUNKS_VERSION with it.
 */
export const embedText = (row: ChunkRow): string => `${row.path}${row.symbol ? ` ${row.symbol}` : ""}\n${row.text.replace(/^[ \t]+/, "")}`;
