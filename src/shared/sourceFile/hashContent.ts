import { createHash } from "node:crypto";

/**
 * The content hash every FileChanged / FileParsed carries: sha256 of the raw bytes on disk
 * (SHA extensions make it faster than sha1 or md5 here). The scan and the parse reactor must
 * agree on it, so both call this.
 */
export const hashContent = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");
