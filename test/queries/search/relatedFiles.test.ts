import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GraphReader } from "../../../src/projections/index.js";
import { KuzuStore } from "../../../src/projections/graph/KuzuStore.js";
import { loadFileNeighbours, relatedFiles } from "../../../src/queries/search/relatedFiles.js";
import { indexedFixtureCopy } from "../../fixtureCache.js";
import { runCli } from "../../helpers.js";
import { removeDir } from "../../sources/scan/helpers.js";

describe("related files from graph neighbours", () => {
  it("lists imports and importers, minus files already in the answer, each once", async () => {
    const graph = {
      importsOf: async (p: string) => ({ "a.ts": ["b.ts", "c.ts"], "b.ts": [] as string[] })[p] ?? [],
      dependentsOf: async (p: string) => ({ "a.ts": ["c.ts", "d.ts"], "b.ts": ["a.ts", "e.ts"] })[p] ?? [],
    };
    const related = await relatedFiles(graph, ["a.ts", "b.ts"]);
    expect(related.get("a.ts")).toEqual(["c.ts", "d.ts"]);
    expect(related.get("b.ts")).toEqual(["e.ts"]);
  });

  // fixtures/graph/repo as `nemesis index` leaves it (indexed once per run: test/fixtureCache.ts).
  let root = "";
  beforeAll(async () => {
    root = await indexedFixtureCopy("graph/repo");
  });
  afterAll(() => removeDir(root));

  it("`nemesis search --related --json` adds each hit's neighbours from the real Kuzu graph", () => {
    const r = runCli(root, ["search", "--related", "--json", "--limit", "2", "authenticate user"]);
    expect(r.code).toBe(0);
    const hits = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { file: string; related: string[] });
    const auth = hits.find((h) => h.file === "src/services/auth.ts");
    expect(auth).toBeDefined();
    // auth.ts imports the user model and the store, and src/index.ts imports auth.ts.
    expect(auth!.related).toEqual(expect.arrayContaining(["src/services/store.ts", "src/index.ts"]));
    for (const h of hits) expect(h.related).not.toContain(h.file);
  });

  it("every file's neighbours read in one query answer as the graph's per-file questions do", async () => {
    const store = await KuzuStore.open(join(root, ".nemesis", "graph.kuzu"), { bufferPoolMb: 64, readOnly: true });
    try {
      const reader = new GraphReader(store);
      const preloaded = await loadFileNeighbours(store);
      const files = (await store.query("MATCH (f:File) RETURN f.path AS p")).map((r) => String(r.p));
      for (const f of files) {
        expect(await preloaded.importsOf(f)).toEqual(await reader.importsOf(f));
        expect(await preloaded.dependentsOf(f)).toEqual(await reader.dependentsOf(f));
      }
      expect(await preloaded.importsOf("src/services/auth.ts")).toContain("src/services/store.ts");
    } finally {
      await store.close();
    }
  });
});
