import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { GraphWrite } from "../../../src/projections/graph/GraphWrite.js";
import type { FileRow, SymbolRow } from "../../../src/projections/graph/graphRows.js";
import { KuzuStore } from "../../../src/projections/graph/KuzuStore.js";
import { tempDir } from "../../helpers.js";

let cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const file = (path: string): FileRow => ({ id: `f:${path}`, path, language: "python", lines: 3, hash: `h-${path}`, status: "parsed", unresolved: "[]", unresolvedCount: 0 });

const symbol = (path: string, name: string): SymbolRow => ({
  id: `s:${path}#${name}`,
  path,
  kind: "Function",
  name,
  qualifiedName: name,
  signature: `def ${name}()`,
  doc: null,
  startLine: 1,
  endLine: 2,
  exported: true,
  visibility: null,
  async: false,
  complexity: 1,
  returns: "[]",
  params: "[]",
});

/** `files` files of one function each, with their CONTAINS edges: enough rows that the store loads them with COPY. */
const writeOf = (files: number, prefix: string): GraphWrite => {
  const paths = Array.from({ length: files }, (_, i) => `${prefix}/m${i}.py`);
  return {
    deleteFiles: [],
    deleteNodes: [],
    deleteEdges: [],
    moveEdges: [],
    deleteExternals: [],
    updateFiles: [],
    updateSymbols: [],
    files: paths.map(file),
    symbols: paths.map((p) => symbol(p, "run")),
    externals: [],
    setUnresolved: [],
    edges: paths.map((p) => ({ kind: "CONTAINS" as const, from: `f:${p}`, to: `s:${p}#run`, line: 1 })),
  };
};

const count = async (store: KuzuStore, table: string) => Number((await store.query(`MATCH (n:${table}) RETURN count(*) AS n`))[0]?.n);

/**
 * Kuzu checkpoints when a write transaction that ran a COPY commits, and a checkpoint first waits
 * for every active transaction to end: after 5 s it gives up with "Timeout waiting for active
 * transactions to leave the system before checkpointing". By then the transaction is committed
 * (its pages are in memory and its WAL record is written); only the checkpoint did not happen.
 */
describe("KuzuStore: a checkpoint that meets an open read transaction", () => {
  it("keeps the committed write, checkpoints once the reader has left, and the write survives a reopen", async () => {
    const t = tempDir("nemesis-kuzu-checkpoint-");
    cleanups.push(t.cleanup);
    const path = join(t.dir, "g.kuzu");
    let store = await KuzuStore.open(path, { bufferPoolMb: 64, copyThreshold: 0 });
    cleanups.push(() => store.close());
    await store.write(writeOf(20, "a"), { name: "graph", position: 1, version: 1 });

    // A long read: an explicit read transaction on the store's reader connection, as a query
    // that runs for seconds under load holds one. It ends a second later; Kuzu lets it end only
    // once the checkpoint has stopped waiting (the checkpoint holds the transaction manager).
    await store.query("BEGIN TRANSACTION READ ONLY");
    expect(await count(store, "File")).toBe(20);
    const readerLeft = new Promise<void>((resolve, reject) => {
      setTimeout(() => void store.query("COMMIT").then(() => resolve(), reject), 1_000);
    });

    await store.write(writeOf(30, "b"), { name: "graph", position: 2, version: 1 });
    await readerLeft;

    expect(await store.readCheckpoint("graph")).toEqual({ position: 2, version: 1 });
    expect(await count(store, "File")).toBe(50);
    expect(await count(store, "Symbol")).toBe(50);
    // Checkpointed once the reader left, not left to the close: the write-ahead log is empty again.
    const wal = `${path}.wal`;
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);

    // What a COPY wrote reaches the data file only through a checkpoint: a reopen shows whether it did.
    await store.close();
    store = await KuzuStore.open(path, { bufferPoolMb: 64, copyThreshold: 0 });
    expect(await store.readCheckpoint("graph")).toEqual({ position: 2, version: 1 });
    expect(await count(store, "File")).toBe(50);
    expect(await count(store, "Symbol")).toBe(50);
    expect(Number((await store.query("MATCH ()-[e:CONTAINS]->() RETURN count(*) AS n"))[0]?.n)).toBe(50);
  }, 30_000);
});
