import { createHash } from "node:crypto";

/**
 * A chunk's identity is its content and place: the same parse of the same file always gives
 * the same ids, so replaying a batch upserts nothing new and a replay equals the incremental build.
 */
export const chunkId = (path: string, startLine: number, endLine: number, text: string): string =>
  createHash("sha256").update(`${path}\0${startLine}\0${endLine}\0`).update(text).digest("hex").slice(0, 32);
