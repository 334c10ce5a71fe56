import * as Either from "effect/Either";
import { Engine, inlineParser } from "../../src/engine/index.js";
import { engineQueries, type EngineQueries } from "../../src/engine/index.js";
import { toolContext } from "../../src/mcp/ToolContext.js";
import type { ToolContext } from "../../src/mcp/ToolContext.js";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { initRepo, removeDir, tempDir } from "../sources/scan/helpers.js";
import { projectContext } from "../engine/helpers.js";
import { indexedFixtureCopy } from "../fixtureCache.js";

const unindexedCopy = (name: string): string => {
  const root = tempDir("nemesis-mcp-");
  cpSync(join(import.meta.dirname, "../../fixtures", name), root, { recursive: true });
  initRepo(root);
  return root;
};

export interface IndexedProject {
  readonly root: string;
  readonly models: EngineQueries;
  /** A tool context as the engine builds it for a call from `caller`. */
  context(caller?: string): ToolContext;
  close(): Promise<void>;
}

/**
 * A copy of `fixtures/<name>` indexed with every read model (real SQLite, Kuzu and the chunk
 * table in a temp dir; indexed once per run, test/fixtureCache.ts), then opened by an engine as
 * `nemesis serve` opens it.
 */
export const indexedFixture = (name: string): Promise<IndexedProject> => openFixture(name, true);

/** A copy of `fixtures/<name>` opened by an engine as `nemesis serve` opens a project it has not indexed yet. */
export const unindexedFixture = (name: string): Promise<IndexedProject> => openFixture(name, false);

const openFixture = async (name: string, indexed: boolean): Promise<IndexedProject> => {
  const root = indexed ? await indexedFixtureCopy(name) : unindexedCopy(name);
  const ctx = projectContext(root);
  const opened = await Engine.open(ctx, { parser: inlineParser, threads: false });
  if (Either.isLeft(opened)) throw new Error(opened.left.message);
  const models = engineQueries(opened.right);
  return {
    root,
    models,
    context: (caller = "test") => toolContext(models, { name: caller, source: "cli" }),
    close: async () => {
      await models.close();
      await opened.right.close();
      ctx.close();
      removeDir(root);
    },
  };
};
