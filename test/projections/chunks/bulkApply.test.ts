import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { defaultConfig, nemesisPaths, NemesisConfig } from "../../../src/config/index.js";
import * as Schema from "effect/Schema";
import type { LogHandle } from "../../../src/events/index.js";
import { ChunkProjector, ChunkReader, ChunkStore, projectEmbedder, rowsOf } from "../../../src/projections/chunks/index.js";
import { KeywordIndex } from "../../../src/projections/chunks/KeywordIndex.js";
import { keywordIndexPath } from "../../../src/projections/chunks/keywordIndexPath.js";
import { catchUp, rebuild } from "../../../src/projections/index.js";
import { searchCode } from "../../../src/queries/search/searchCode.js";
import { tempDir } from "../../helpers.js";
import { appendDeleted, appendParsed, countingEmbedder, openLog, parsedFile, SAMPLE, sampleEvents } from "./chunkFixture.js";
import { closeEventLog } from "../../../src/events/index.js";

let tmp: ReturnType<typeof tempDir>;
let log: LogHandle;
beforeEach(() => {
  tmp = tempDir("nemesis-chunks-bulk-");
  log = openLog(tmp.dir);
});
afterEach(() => {
  closeEventLog(log);
  tmp.cleanup();
});

const comparable = async (p: ChunkProjector) => (await p.rows()).map((r) => ({ ...r, vector: r.vector ? Array.from(r.vector) : null }));

/** Every keyword answer a search can ask for, scores included. */
const keywordAnswers = async (dir: string) => {
  const reader = (await ChunkReader.open(dir))!;
  try {
    return ["login", "password", "route", "invoice", "hash", "render"].map((t) => ({
      chunks: reader.keywordChunks([t], 20),
      files: reader.keywordFiles([t], 20),
    }));
  } finally {
    reader.close();
  }
};

const history = () => {
  appendParsed(log, sampleEvents());
  appendParsed(log, [parsedFile("src/http/router.ts", SAMPLE["src/http/router.ts"].replace("matchRoute", "matchPath"))]);
  appendDeleted(log, "src/auth/hashing.ts");
};

describe("ChunkProjector's upkeep during a catch-up", () => {
  test("a catch-up of many batches asks LanceDB to compact once, after its last batch, not after each", async () => {
    // A cold index of 7,049 files compacted the table while it was still being written (+330
    // MB at the peak, after the 33rd of 36 batches), and again for every 32 batches after.
    const files = Array.from({ length: 12 }, (_, i) => parsedFile(`src/f${i}.ts`, `export function f${i}() {\n  return ${i};\n}\n`));
    appendParsed(log, files);
    const compactions = vi.spyOn(ChunkStore.prototype, "compactIfFragmented");
    try {
      const p = await ChunkProjector.open(join(tmp.dir, "c"), countingEmbedder().embedder, { inlineEmbedding: true });
      await catchUp(log, p, { batchSize: 2 });
      await p.settle();
      expect(compactions).toHaveBeenCalledTimes(1);
      // A save afterwards (one batch) is upkept as before.
      appendParsed(log, [parsedFile("src/f0.ts", "export function f0() {\n  return 100;\n}\n")]);
      await catchUp(log, p, { batchSize: 2 });
      await p.settle();
      expect(compactions).toHaveBeenCalledTimes(2);
      await p.close();
    } finally {
      compactions.mockRestore();
    }
  });
});

describe("ChunkProjector writes in groups", () => {
  test("groups of two rows build exactly the read model one group builds (rows, vectors, keyword scores)", async () => {
    history();
    const one = await ChunkProjector.open(join(tmp.dir, "one"), countingEmbedder().embedder, { inlineEmbedding: true });
    const small = await ChunkProjector.open(join(tmp.dir, "small"), countingEmbedder().embedder, { inlineEmbedding: true, groupRows: 2 });
    await rebuild(log, one);
    await rebuild(log, small);
    const rows = await comparable(one);
    expect(rows.length).toBeGreaterThan(5);
    expect(await comparable(small)).toEqual(rows);
    await one.close();
    await small.close();
    expect(await keywordAnswers(join(tmp.dir, "small"))).toEqual(await keywordAnswers(join(tmp.dir, "one")));
  });

  test("a LanceDB write the keyword index never committed (a crash) is merged on retry, not appended twice", async () => {
    const dir = join(tmp.dir, "crash");
    const { embedder } = countingEmbedder();
    appendParsed(log, sampleEvents());
    // What a crash between the LanceDB write and the keyword commit leaves: rows in LanceDB,
    // none in the keyword index, and the mark the projector sets before such a write.
    const f = sampleEvents()[0]!;
    const rows = rowsOf(f.path, f.language, f.chunks);
    const vectors = await embedder.embedDocuments(rows.map((r) => r.text));
    const other = await ChunkStore.open(dir, embedder.dimensions);
    await other.add(rows.map((r, i) => ({ ...r, vector: vectors[i]! })));
    other.close();
    const side = KeywordIndex.open(keywordIndexPath(dir));
    side.setLanceAhead(true);
    side.close();

    // The restarted process.
    const p = await ChunkProjector.open(dir, embedder, { inlineEmbedding: true });
    await catchUp(log, p);
    const ids = (await p.rows()).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(rows.length);
    expect(new Set(ids).size).toBe(ids.length);
    await p.close();
    const after = KeywordIndex.open(keywordIndexPath(dir));
    expect(after.lanceAhead()).toBe(false);
    after.close();
  });
});

describe('embedding.provider = "none"', () => {
  const openNone = (name: string) => ChunkProjector.open(join(tmp.dir, name), null, { inlineEmbedding: false });

  test("chunks are keyword-searchable, no vector or LanceDB table exists, and nothing is pending", async () => {
    history();
    const p = await openNone("none");
    await catchUp(log, p);
    await p.close();
    const dir = join(tmp.dir, "none");
    expect(readdirSync(dir).filter((f) => !f.startsWith("keyword.db"))).toEqual([]);
    const reader = (await ChunkReader.open(dir))!;
    expect(reader.vectorsDisabled()).toBe(true);
    expect(await reader.pendingVectors()).toBe(0);
    expect(await reader.vectors()).toBeNull();
    expect(reader.db.prepare("SELECT count(*) FROM chunk_vectors").pluck().get()).toBe(0);
    const answer = await searchCode(reader, null, "where do users log in with a password?");
    expect(answer.hits[0]!.file).toBe("src/auth/userService.ts");
    expect(answer.usedVectors).toBe(false);
    expect(answer.pendingVectors).toBe(0);
    reader.close();
  });

  test("a replay equals the incremental build, keyword scores included", async () => {
    const incremental = await openNone("incremental");
    appendParsed(log, sampleEvents().slice(0, 2));
    await catchUp(log, incremental);
    appendParsed(log, sampleEvents().slice(2));
    appendDeleted(log, "src/auth/hashing.ts");
    await catchUp(log, incremental);
    const replayed = await openNone("replayed");
    await rebuild(log, replayed);
    const rows = await comparable(incremental);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((r) => r.vector === null)).toBe(true);
    expect(await comparable(replayed)).toEqual(rows);
    await incremental.close();
    await replayed.close();
    expect(await keywordAnswers(join(tmp.dir, "replayed"))).toEqual(await keywordAnswers(join(tmp.dir, "incremental")));
  });

  test("switching between none and an embedder rebuilds the chunk model", async () => {
    appendParsed(log, sampleEvents());
    const none = await openNone("switch");
    await catchUp(log, none);
    await none.close();
    const withVectors = await ChunkProjector.open(join(tmp.dir, "switch"), countingEmbedder().embedder, { inlineEmbedding: true });
    expect((await withVectors.checkpoint()).version).toBe(-1);
    expect((await catchUp(log, withVectors)).rebuilt).toBe(true);
    expect((await withVectors.rows()).every((r) => r.vector !== null)).toBe(true);
    await withVectors.close();
    const back = await openNone("switch");
    expect((await back.checkpoint()).version).toBe(-1);
    await back.close();
  });

  test("projectEmbedder gives no embedder and opens no embedding cache", () => {
    const paths = nemesisPaths(tmp.dir);
    const config = Schema.decodeUnknownSync(NemesisConfig)({ embedding: { provider: "none" } });
    const project = projectEmbedder(paths, config);
    expect(project.embedder).toBeNull();
    expect(project.inline).toBe(false);
    project.close();
    expect(existsSync(paths.embeddingCache)).toBe(false);
    // The default stays the embedded default.
    const fallback = projectEmbedder(paths, defaultConfig());
    expect(fallback.embedder).not.toBeNull();
    fallback.close();
  });
});

describe("termBytes", () => {
  test("is termText as bytes, which is termsOf joined", async () => {
    const { termBytes, termText, termsOf } = await import("../../../src/projections/chunks/keywordTerms.js");
    const texts = [
      ...Object.values(SAMPLE),
      "3px 9abc x_1 __init__ café naïveté HTTPServer parseHTTPRequest2 _ __ a1_b2 ÿz",
      `${"a".repeat(70)} b${"c".repeat(64)} ${"d".repeat(63)}`,
      "",
      "  \n ",
      // Read as UTF-8 bytes: surrogate pairs, a lone surrogate, characters whose low byte is ASCII.
      "😀x\uD800y Ł1 ŁA 日本語 word\uDC00_z",
      // Longer than the first input buffer holds.
      "fooBar baz_qux 😀 ".repeat(8000),
    ];
    for (const t of texts) {
      expect(termText(t)).toBe(termsOf(t).join(" "));
      expect(termBytes(t).toString("latin1")).toBe(termText(t));
    }
    expect(termText("parseHTTPRequest2 café")).toBe("parse http request2 parsehttprequest2 caf");
  });
});
