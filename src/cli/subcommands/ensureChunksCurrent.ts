import * as Either from "effect/Either";
import { lastPositionOfTypes } from "../../events/index.js";
import { ChunkReader } from "../../projections/chunks/ChunkReader.js";
import type { NemesisPaths } from "../../config/index.js";
import { engineOwner } from "../../engine/engineOwner.js";
import type { ProjectContext } from "../context.js";

/**
 * Opens the chunk read model for a one-shot query, first parsing and projecting whatever the
 * log holds beyond it. When another process owns the engine, that owner is already catching
 * up: the query reads what is there rather than wait.
 */
/**
 * Events that change what the chunk table should hold: a FileChanged not yet parsed, or a parse
 * outcome not yet projected. Index-run markers and memory writes move the log head without
 * making the table stale, so comparing with the head would open the whole engine on every query.
 */
const CHUNK_INPUTS = ["FileChanged", "FileDeleted", "FileParsed", "ParseFailed", "FileSkipped"];

export const openCurrentChunks = async (ctx: ProjectContext): Promise<ChunkReader | null> => {
  const existing = await ChunkReader.open(ctx.paths.chunks);
  const behind = !existing || existing.position() < lastPositionOfTypes(ctx.log, CHUNK_INPUTS);
  if (!behind) return existing;
  existing?.close();
  // Loaded only when needed: the engine brings the parser and Kuzu with it.
  const { Engine } = await import("../../engine/index.js");
  const engine = await Engine.open(ctx, { workers: 1 });
  if (Either.isRight(engine)) {
    try {
      await engine.right.catchUp();
    } finally {
      await engine.right.close();
    }
  }
  return ChunkReader.open(ctx.paths.chunks);
};

/**
 * Why there is no chunk table to read: nothing was indexed, or (the engine being taken) a
 * running server is indexing the project for the first time, when another index is no help.
 */
export const noChunksMessage = (paths: NemesisPaths): string => {
  const owner = engineOwner(paths.lock);
  return owner === null
    ? "nothing is indexed yet: run `nemesis index` first"
    : `the running Nemesis engine (pid ${owner.pid}) is indexing the project and has not written the search index yet: run this again shortly (\`nemesis status\` shows how far it got)`;
};
