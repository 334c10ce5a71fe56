import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cachedEmbedder, createHashEmbedder, openEmbeddingCache } from "../../../src/projections/embed/index.js";
import { buildAnalysisGraph } from "../../../src/queries/algorithms/AnalysisGraph.js";
import { matchNode, similarNodes } from "../../../src/queries/scratch/matchNode.js";
import { tempDir } from "../../helpers.js";

/**
 * Generated labels that share no word with the nodes the test looks for: "<part><Part><Part> <n>"
 * over a small vocabulary, so many labels are alike to each other and none to the query.
 */
const VOCABULARY = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima", "mike", "november", "oscar", "papa"];
const generated = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => {
    const w = (k: number) => VOCABULARY[Math.floor(i / VOCABULARY.length ** k) % VOCABULARY.length]!;
    return `${w(0)}${w(1)[0]!.toUpperCase()}${w(1).slice(1)}${w(2)[0]!.toUpperCase()}${w(2).slice(1)} ${i}`;
  });

/** Over the size at which the third tier used to be skipped (20,000 nodes). */
const SIZE = 30_000;
const NAMED = ["InvoiceReconciliationWorker", "InvoiceArchive", "ReconciliationReport", "billing service east", "billing service west"];
const graph = (labels: ReadonlyArray<string>) => buildAnalysisGraph({ name: "big", nodes: labels.map((label) => ({ label, type: null })), edges: [] });

const { dir, cleanup } = tempDir("nemesis-labels-");
afterAll(cleanup);
const cachePath = join(dir, "embeddings.db");

describe("the third tier on a large graph", () => {
  const labels = [...generated(SIZE), ...NAMED];
  const node = (g: ReturnType<typeof graph>, label: string) => g.index.get(label);

  it("matches by meaning, asks when too close, and embeds each label once, across writes and restarts", async () => {
    const cache = openEmbeddingCache(cachePath);
    const embedder = cachedEmbedder(createHashEmbedder(), cache);
    const g = graph(labels);
    expect(await matchNode(g, "invoice reconciliation workers", embedder)).toMatchObject({ _tag: "Found", tier: "similar", node: node(g, "InvoiceReconciliationWorker") });
    // Every label and the query reached the provider once.
    expect(embedder.stats.providerTexts).toBe(labels.length + 1);
    const close = await matchNode(g, "billing service", embedder);
    expect(close).toMatchObject({ _tag: "Ambiguous", tier: "similar" });
    if (close._tag === "Ambiguous") expect(close.candidates.map((c) => g.labels[c.node]).sort()).toEqual(["billing service east", "billing service west"]);

    // A write: one node added, one removed. Only the new label is embedded; the removed one is never an answer.
    const next = graph([...labels.filter((l) => l !== "InvoiceReconciliationWorker"), "ledger reconciliation worker"]);
    const before = embedder.stats.providerTexts;
    const after = await matchNode(next, "invoice reconciliation workers", embedder);
    expect(embedder.stats.providerTexts - before).toBe(1);
    if (after._tag === "Found") expect(next.labels[after.node]).not.toBe("InvoiceReconciliationWorker");
    expect(await matchNode(next, "ledger reconciliation workers", embedder)).toMatchObject({ _tag: "Found", tier: "similar", node: node(next, "ledger reconciliation worker") });
    cache.close();

    // A restart: the labels' vectors come from embeddings.db; nothing reaches the provider.
    const reopened = openEmbeddingCache(cachePath);
    const again = cachedEmbedder(createHashEmbedder(), reopened);
    expect(await matchNode(next, "ledger reconciliation workers", again)).toMatchObject({ _tag: "Found", tier: "similar" });
    expect(again.stats.providerTexts).toBe(0);
    reopened.close();
  });

  it("gives the answer a scan of every label gives, whatever the set's history", async () => {
    const embedder = createHashEmbedder();
    const base = labels.slice(0, 5_000);
    const grown = graph([...base.slice(100), ...NAMED, "InvoiceReconciliation"]);
    // Built whole, then followed through a write (labels added and removed).
    await matchNode(graph(base), "anything", embedder);
    const vectors = await embedder.embedDocuments(grown.labels);
    for (const query of ["invoice reconciliations", "billing", "alpha bravo charlie", "reconciliation report worker"]) {
      const [q] = await embedder.embedDocuments([query]);
      const dot = (v: Float32Array) => v.reduce((s, x, j) => s + x * q![j]!, 0);
      const scanned = grown.labels
        .map((label, i) => ({ label, score: dot(vectors[i]!) }))
        .sort((a, b) => b.score - a.score || (a.label < b.label ? -1 : 1))
        .slice(0, 5);
      const found = (await similarNodes(grown, query, embedder)).map((s) => ({ label: grown.labels[s.node]!, score: s.score }));
      expect(found.map((f) => f.label), query).toEqual(scanned.map((s) => s.label));
      found.forEach((f, i) => expect(f.score).toBeCloseTo(scanned[i]!.score, 5));
    }
  });
});
