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

describe("a graph write while a long read runs", () => {
  it("is committed, not reported failed, when the checkpoint its commit runs cannot wait for the read", async () => {
    const t = tempDir("nemesis-kuzu-commit-");
    cleanup = t.cleanup;
    const path = join(t.dir, "graph.kuzu");
    // Every commit checkpoints, as one does on sympy once the WAL passes 16 MB.
    const store = await KuzuStore.open(path, { bufferPoolMb: 64, checkpointThresholdBytes: 1 });
    try {
      // A read transaction open for longer than Kuzu's checkpoint waits (5 s): a tool loading the whole graph on a loaded box.
      await store.query("BEGIN TRANSACTION READ ONLY");
      // Kuzu commits, then its checkpoint times out waiting for the read and COMMIT throws:
      // the write was reported failed although it was durable.
      await store.write(NOTHING, { name: "graph", position: 42, version: 7 });
      await store.query("COMMIT");
      expect(await store.readCheckpoint("graph")).toEqual({ position: 42, version: 7 });
    } finally {
      await store.close();
    }
    const reopened = await KuzuStore.open(path, { bufferPoolMb: 64, readOnly: true });
    try {
      expect(await reopened.readCheckpoint("graph")).toEqual({ position: 42, version: 7 });
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
