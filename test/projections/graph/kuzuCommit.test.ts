import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { GraphWrite } from "../../../src/projections/graph/GraphWrite.js";
import { KuzuStore } from "../../../src/projections/graph/KuzuStore.js";
import { tempDir } from "../../helpers.js";

const NOTHING: GraphWrite = {
  deleteFiles: [],
  deleteNodes: [],
  deleteEdges: [],
  moveEdges: [],
  deleteExternals: [],
  updateFiles: [],
  updateSymbols: [],
  files: [],
  symbols: [],
  externals: [],
  setUnresolved: [],
  edges: [],
};

let cleanup: () => void = () => {};
afterEach(() => cleanup());

describe("many small graph writes (a day of saves)", () => {
  it("are checkpointed every 256 KB of WAL, so the pages they keep in Kuzu's buffer pool stay few", async () => {
    const t = tempDir("nemesis-kuzu-saves-");
    cleanup = t.cleanup;
    const path = join(t.dir, "graph.kuzu");
    const store = await KuzuStore.open(path, { bufferPoolMb: 16 });
    let wal = 0;
    try {
      let symbols: string[] = [];
      // Each write replaces one file's 20 functions, ~60 KB of WAL. At Kuzu's own threshold (16 MB)
      // 60 of them left 3 MB of WAL, and every page written since the last checkpoint stays in the
      // pool: in one run 300 filled this 16 MB pool ("Unable to allocate memory! The buffer pool is
      // full"), as minutes of saves fill the default 512 MB.
      for (let save = 1; save <= 60; save++) {
        const file = `src/m${save % 10}.py`;
        const fileRow = { id: `f:${file}`, path: file, language: "python", lines: 40, hash: `h${save}`, status: "parsed" as const, unresolved: "", unresolvedCount: 0 };
        const rows = Array.from({ length: 20 }, (_, i) => ({
          id: `s:${file}#f${save}_${i}`,
          path: file,
          kind: "Function",
          name: `f${save}_${i}`,
          qualifiedName: `f${save}_${i}`,
          signature: `def f${save}_${i}(x)`,
          doc: null,
          startLine: i * 2 + 1,
          endLine: i * 2 + 2,
          exported: true,
          visibility: "public",
          async: false,
          complexity: 1,
          returns: "[]",
          params: "[]",
        }));
        const previous = symbols.filter((id) => id.startsWith(`s:${file}#`));
        await store.write(
          {
            ...NOTHING,
            deleteFiles: save > 10 ? [{ path: file, symbols: previous }] : [],
            files: [fileRow],
            symbols: rows,
            edges: rows.map((r) => ({ kind: "CONTAINS" as const, from: fileRow.id, to: r.id, line: r.startLine })),
          },
          { name: "graph", position: save, version: 1 },
        );
        symbols = [...symbols.filter((id) => !id.startsWith(`s:${file}#`)), ...rows.map((r) => r.id)];
        if (existsSync(`${path}.wal`)) wal = Math.max(wal, statSync(`${path}.wal`).size);
      }
      expect(await store.readCheckpoint("graph")).toEqual({ position: 60, version: 1 });
      expect(Number((await store.query("MATCH (s:Symbol) RETURN count(*) AS n"))[0]!.n)).toBe(200);
    } finally {
      await store.close();
    }
    expect(wal).toBeGreaterThan(0);
    expect(wal).toBeLessThan(1024 * 1024);
  }, 60_000);
});
