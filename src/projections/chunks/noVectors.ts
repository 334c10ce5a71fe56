/**
 * The embedder id the chunk checkpoint records when vectors are off (`embedding.provider =
 * "none"`). Its own module: the reader checks it without loading the projector.
 */
export const NO_VECTORS = "none";
