import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** Everything Nemesis writes lives under `<root>/.nemesis/`; only events.db is precious. */
export interface NemesisPaths {
  readonly root: string;
  readonly dir: string;
  readonly events: string;
  readonly catalog: string;
  readonly graph: string;
  readonly chunks: string;
  readonly embeddingCache: string;
  /** Git history as read models: commits, the files each touched, co-change, commit messages' full-text index. */
  readonly history: string;
  readonly config: string;
  readonly lock: string;
}

export const nemesisPaths = (root: string): NemesisPaths => {
  const abs = resolve(root);
  const dir = join(abs, ".nemesis");
  return {
    root: abs,
    dir,
    events: join(dir, "events.db"),
    catalog: join(dir, "catalog.db"),
    graph: join(dir, "graph.kuzu"),
    chunks: join(dir, "chunks.lance"),
    embeddingCache: join(dir, "embeddings.db"),
    history: join(dir, "history.db"),
    config: join(dir, "config.toml"),
    lock: join(dir, "engine.lock"),
  };
};

/** The nearest directory at or above `start` that holds a `.nemesis/` folder. */
export const findProjectRoot = (start: string): string | null => {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, ".nemesis", "events.db")) || existsSync(join(dir, ".nemesis", "config.toml"))) return dir;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
};
