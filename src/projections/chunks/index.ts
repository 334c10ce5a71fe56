export { ChunkProjector, CHUNKS_VERSION, keywordIndexPath, NO_VECTORS, rowsOf, type ChunkProjectorOptions } from "./ChunkProjector.js";
export { ChunkReader, type ChunkFilter, type KeywordHit } from "./ChunkReader.js";
export type { ChunkRow } from "./ChunkRow.js";
export { ChunkStore, type StoredChunk } from "./ChunkStore.js";
export type { SparseColumns, VectorMatrix } from "./VectorMatrix.js";
export type { VectorSet } from "./VectorSet.js";
export { chunkId } from "./chunkId.js";
export { queryTerms, termsOf } from "./keywordTerms.js";
export { projectEmbedder } from "./projectEmbedder.js";
