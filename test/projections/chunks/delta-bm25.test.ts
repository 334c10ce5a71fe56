import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ChunkReader } from "../../../src/projections/chunks/ChunkReader.js";
import type { ChunkRow } from "../../../src/projections/chunks/ChunkRow.js";
import { KeywordIndex } from "../../../src/projections/chunks/KeywordIndex.js";
import { keywordIndexPath } from "../../../src/projections/chunks/keywordIndexPath.js";

// Regression: with FTS5 `contentless_delete=1` tables a DELETE never lowered the row count
// and token totals bm25() reads, so every delta (a checkout, an edit) inflated IDF and the
// average length until a delta-built index ranked differently from a fresh one of the same tree.

const row = (path: string, i: number, text: string): ChunkRow => ({
  id: `${path}#${i}:${text.length}`,
  path,
  symbol: null,
  kind: "Module",
  language: "go",
  startLine: i * 10 + 1,
  endLine: i * 10 + 9,
  text,
});

const filler = (n: number) => Array.from({ length: 40 }, (_, k) => `word${(n * 7 + k) % 97} helper${k % 5}`).join(" ");

const finalTree = (): Map<string, ChunkRow[]> =>
  new Map([
    ["completions.go", [row("completions.go", 0, "func complete() { shell completion directive } " + filler(1))]],
    ["args.go", [row("args.go", 0, "func ArbitraryArgs() { positional args validation } " + filler(2))]],
    ["command.go", [row("command.go", 0, "type Command struct { completion args flags } " + filler(3)), row("command.go", 1, filler(4))]],
  ]);

const dirs: string[] = [];
const open = (): { dir: string; index: KeywordIndex } => {
  const dir = mkdtempSync(join(tmpdir(), "nemesis-delta-bm25-"));
  dirs.push(dir);
  return { dir, index: KeywordIndex.open(keywordIndexPath(dir)) };
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const scores = async (dir: string, terms: string[]) => {
  const reader = (await ChunkReader.open(dir))!;
  try {
    return {
      files: reader.keywordFiles(terms, 10).map((f) => [f.path, Number(f.score.toFixed(6))]),
      chunks: reader.keywordChunks(terms, 10).map((c) => [c.id, Number(c.score.toFixed(6))]),
    };
  } finally {
    reader.close();
  }
};

describe("keyword index after deltas", () => {
  it("scores a tree built through many deletes exactly like a fresh index of the same tree", async () => {
    const delta = open();
    // Many files come and go first (earlier checkouts), then the final tree lands.
    delta.index.transaction(() => {
      for (let n = 0; n < 60; n++) delta.index.replaceFile(`old/f${n}.go`, "go", [row(`old/f${n}.go`, 0, `func old${n}() { completion } ` + filler(n))]);
    });
    delta.index.transaction(() => {
      for (let n = 0; n < 60; n++) delta.index.replaceFile(`old/f${n}.go`, null, []);
      delta.index.replaceFile("command.go", "go", [row("command.go", 0, "stale text " + filler(9))]);
    });
    delta.index.transaction(() => {
      for (const [path, rows] of finalTree()) delta.index.replaceFile(path, "go", rows);
    });
    delta.index.close();

    const fresh = open();
    fresh.index.transaction(() => {
      for (const [path, rows] of finalTree()) fresh.index.replaceFile(path, "go", rows);
    });
    fresh.index.close();

    for (const terms of [["completion"], ["args", "completion"], ["shell", "directive", "helper1"]]) {
      expect(await scores(delta.dir, terms)).toEqual(await scores(fresh.dir, terms));
    }
  });

  it("ranks equal scores the same whatever order the index inserted them in", async () => {
    // The same text in many files scores the same everywhere: the order among them (and which
    // of them a limit keeps) must not be the order of insertion, which differs after a delta.
    const paths = Array.from({ length: 12 }, (_, n) => `pkg${(n * 5) % 12}/same.go`);
    const build = (order: ReadonlyArray<string>) => {
      const b = open();
      b.index.transaction(() => {
        for (const path of order) b.index.replaceFile(path, "go", [row(path, 0, "func shared() { completion directive } " + filler(0))]);
      });
      b.index.close();
      return b.dir;
    };
    const forward = build(paths);
    const backward = build([...paths].reverse());
    const ranked = async (dir: string, limit: number) => {
      const reader = (await ChunkReader.open(dir))!;
      try {
        return { chunks: reader.keywordChunks(["completion"], limit).map((c) => c.id), files: reader.keywordFiles(["completion"], limit).map((f) => f.path) };
      } finally {
        reader.close();
      }
    };
    for (const limit of [5, 12]) expect(await ranked(backward, limit)).toEqual(await ranked(forward, limit));
    expect((await ranked(forward, 12)).files).toEqual([...paths].sort());
  });
});
