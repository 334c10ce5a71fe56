import * as Either from "effect/Either";
import { Engine, inlineParser } from "../../src/engine/index.js";
import { engineReadModels, type EngineReadModels } from "../../src/mcp/engineToolContext.js";
import type { ToolContext } from "../../src/mcp/ToolContext.js";
import { removeDir } from "../sources/scan/helpers.js";
import { projectContext } from "../engine/helpers.js";
import { indexedFixtureCopy } from "../fixtureCache.js";

export interface IndexedProject {
  readonly root: string;
  readonly models: EngineReadModels;
  /** A tool context as the engine builds it for a call from `caller`. */
  context(caller?: string): ToolContext;
  close(): Promise<void>;
}

/**
 * A copy of `fixtures/<name>` indexed with every read model (real SQLite, Kuzu and the chunk
 * table in a temp dir; indexed once per run, test/fixtureCache.ts), then opened by an engine as
 * `nemesis serve` opens it.
 */
export const indexedFixture = async (name: string): Promise<IndexedProject> => {
  const root = await indexedFixtureCopy(name);
  const ctx = projectContext(root);
  const opened = await Engine.open(ctx, { parser: inlineParser, threads: false });
  if (Either.isLeft(opened)) throw new Error(opened.left.message);
  const models = engineReadModels(opened.right);
  return {
    root,
    models,
    context: (caller = "test") => models.context({ name: caller, source: "cli" }),
    close: async () => {
      await models.close();
      await opened.right.close();
      ctx.close();
      removeDir(root);
    },
  };
};
