import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LogHandle } from "../../../src/events/index.js";
import { ChunkProjector, ChunkReader } from "../../../src/projections/chunks/index.js";
import { createHashEmbedder } from "../../../src/projections/embed/localDefaultEmbedder.js";
import { KuzuStore } from "../../../src/projections/graph/KuzuStore.js";
import { catchUp } from "../../../src/projections/index.js";
import { graphFileLinks, preloadedFileLinks, type FileLinks } from "../../../src/queries/search/fileLinks.js";
import { graphNeighbourRanks } from "../../../src/queries/search/graphNeighbourRanks.js";
import { GRAPH_SEEDS, searchCode } from "../../../src/queries/search/searchCode.js";
import { indexedFixtureCopy } from "../../fixtureCache.js";
import { tempDir } from "../../helpers.js";
import { removeDir } from "../../sources/scan/helpers.js";
import { appendParsed, openLog, sampleEvents } from "../../projections/chunks/chunkFixture.js";
import { closeEventLog } from "../../../src/events/index.js";

describe("graphNeighbourRanks", () => {
  it("ranks neighbours by edges, discounted by the rank of the seed that lends them", () => {
    const links = new Map([
      ["a.ts", new Map([["x.ts", 1], ["y.ts", 7]])],
      ["b.ts", new Map([["x.ts", 7], ["z.ts", 1]])],
    ]);
    // y: log(8)/1 = 2.08; x: log(2)/1 + log(8)/2 = 1.73; z: log(2)/2 = 0.35.
    expect(graphNeighbourRanks(["a.ts", "b.ts"], links)).toEqual(["y.ts", "x.ts", "z.ts"]);
    expect(graphNeighbourRanks([], links)).toEqual([]);
  });
});

describe("search with graph neighbours", () => {
  let tmp: ReturnType<typeof tempDir>;
  let log: LogHandle;
  let reader: ChunkReader;
  const embedder = createHashEmbedder();
  const saved = { ...GRAPH_SEEDS };

  beforeAll(async () => {
    tmp = tempDir("nemesis-search-graph-");
    log = openLog(tmp.dir);
    appendParsed(log, sampleEvents());
    const p = await ChunkProjector.open(join(tmp.dir, "chunks"), embedder, { inlineEmbedding: true });
    await catchUp(log, p);
    await p.close();
    reader = (await ChunkReader.open(join(tmp.dir, "chunks")))!;
    // Five sample files: one seed and one protected file leave room for the graph to move the rest.
    Object.assign(GRAPH_SEEDS, { count: 1, protect: 1 });
  });
  afterAll(() => {
    Object.assign(GRAPH_SEEDS, saved);
    reader.close();
    closeEventLog(log);
    tmp.cleanup();
  });

  const filesOf = async (links: FileLinks | null) =>
    [...new Set((await searchCode(reader, embedder, "invoice total price", { limit: 20, links })).hits.map((h) => h.file))];

  it("lifts the best file's neighbour just below it, and never above it", async () => {
    const plain = await filesOf(null);
    expect(plain[0]).toBe("lib/invoice_total.py");
    expect(plain.length).toBeGreaterThan(2);
    const last = plain[plain.length - 1]!;
    const links: FileLinks = { linkedFiles: async (files) => new Map(files.map((f) => [f, new Map([[last, 3]])])) };
    const lifted = await filesOf(links);
    expect(lifted[0]).toBe("lib/invoice_total.py");
    expect(lifted[1]).toBe(last);
  });

  it("leaves filtered searches to text alone", async () => {
    const links: FileLinks = {
      linkedFiles: async () => {
        throw new Error("a filtered search must not ask the graph");
      },
    };
    const a = await searchCode(reader, embedder, "invoice total price", { language: "python", links });
    expect(a.hits[0]!.file).toBe("lib/invoice_total.py");
  });
});

describe("graphFileLinks", () => {
  let root = "";
  afterAll(() => removeDir(root));

  it("answers calls and imports in both directions from the real Kuzu graph", async () => {
    root = await indexedFixtureCopy("graph/repo");
    const store = await KuzuStore.open(join(root, ".nemesis", "graph.kuzu"), { bufferPoolMb: 64, readOnly: true });
    try {
      const links = await graphFileLinks(store).linkedFiles(["src/services/auth.ts"]);
      const near = links.get("src/services/auth.ts")!;
      // auth.ts imports the store (out), and src/index.ts imports auth.ts (in).
      expect([...near.keys()]).toEqual(expect.arrayContaining(["src/services/store.ts", "src/index.ts"]));
      expect(near.has("src/services/auth.ts")).toBe(false);
      for (const n of near.values()) expect(n).toBeGreaterThan(0);
      // A warm process reads every pair once: the same answers for every file.
      const files = (await store.query("MATCH (f:File) RETURN f.path AS p")).map((r) => String(r.p));
      const each = await graphFileLinks(store).linkedFiles(files);
      const preloaded = await preloadedFileLinks(store).linkedFiles(files);
      expect(preloaded).toEqual(each);
      expect(preloaded.size).toBeGreaterThan(1);
    } finally {
      await store.close();
    }
  });
});
