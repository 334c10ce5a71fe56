import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { join } from "node:path";
import type { LogHandle } from "../../../src/events/index.js";
import { closeEventLog, headPosition, readEvents } from "../../../src/events/index.js";
import { ChunkProjector, ChunkReader } from "../../../src/projections/chunks/index.js";
import { cachedEmbedder, openEmbeddingCache, type Embedder } from "../../../src/projections/embed/index.js";
import { catchUp, rebuild } from "../../../src/projections/index.js";
import { parseSource } from "../../../src/parse/parseSource.js";
import { tempDir } from "../../helpers.js";
import { appendDeleted, appendParsed, countingEmbedder, openLog, parsedFile, SAMPLE, sampleEvents } from "./chunkFixture.js";

let tmp: ReturnType<typeof tempDir>;
let log: LogHandle;
beforeEach(() => {
  tmp = tempDir("nemesis-chunks-");
  log = openLog(tmp.dir);
});
afterEach(() => {
  closeEventLog(log);
  tmp.cleanup();
});

const open = (name: string, embedder = countingEmbedder().embedder, inline = true) =>
  ChunkProjector.open(join(tmp.dir, name), embedder, { inlineEmbedding: inline });

const comparable = async (p: ChunkProjector) =>
  (await p.rows()).map((r) => ({ ...r, vector: r.vector ? Array.from(r.vector) : null }));

describe("ChunkProjector", () => {
  test("a rebuild from the log gives exactly the rows of the incremental build", async () => {
    const incremental = await open("incremental");
    appendParsed(log, sampleEvents().slice(0, 2));
    await catchUp(log, incremental);
    appendParsed(log, sampleEvents().slice(2));
    await catchUp(log, incremental);
    // A change: one file rewritten, one deleted.
    appendParsed(log, [parsedFile("src/http/router.ts", SAMPLE["src/http/router.ts"].replace("matchRoute", "matchPath"))]);
    appendDeleted(log, "src/auth/hashing.ts");
    await catchUp(log, incremental);
    await incremental.settle();

    const replayed = await open("replayed");
    await rebuild(log, replayed);
    await replayed.settle();
    const a = await comparable(incremental);
    expect(a.length).toBeGreaterThan(5);
    expect(a.every((r) => r.vector !== null)).toBe(true);
    expect(await comparable(replayed)).toEqual(a);
    await incremental.close();
    await replayed.close();
  });

  test("a function renamed around code that did not move: every chunk of it carries the new name, as a rebuild's do", async () => {
    // Long enough to be cut into several chunks: only the first one's text changes.
    const body = Array.from({ length: 240 }, (_, i) => `  const v${i} = compute(${i}, "a line long enough to fill a chunk ${i}");`).join("\n");
    const before = `export function oldName(compute: (n: number, s: string) => number) {\n${body}\n}\n`;
    // The real parser and chunker: the fixture's chunker names a chunk by the text it holds.
    const parsed = (text: string) => {
      const r = parseSource({ path: "src/long.ts", text, contentHash: `h${text.length}` });
      if (!r.ok) throw new Error(r.reason);
      return r.result;
    };
    const incremental = await open("incremental");
    appendParsed(log, [parsed(before)]);
    await catchUp(log, incremental);
    appendParsed(log, [parsed(before.replace("oldName", "newName"))]);
    await catchUp(log, incremental);
    await incremental.settle();
    const rows = await comparable(incremental);
    expect(rows.length).toBeGreaterThan(2);
    expect(new Set(rows.map((r) => r.symbol))).toEqual(new Set(["newName"]));
    const replayed = await open("replayed");
    await rebuild(log, replayed);
    await replayed.settle();
    expect(await comparable(replayed)).toEqual(rows);
    await incremental.close();
    await replayed.close();
  });

  test("a replay through the embedding cache makes no provider calls and rebuilds the same rows", async () => {
    const { embedder: provider, counter } = countingEmbedder();
    const cache = openEmbeddingCache(join(tmp.dir, "embeddings.db"));
    const embedder = cachedEmbedder(provider, cache);
    const p = await open("cached", embedder);
    appendParsed(log, sampleEvents());
    await catchUp(log, p);
    appendParsed(log, [parsedFile("src/http/router.ts", "export const changed = true;")]);
    await catchUp(log, p);
    const before = await comparable(p);
    const callsBefore = counter.calls;
    expect(callsBefore).toBeGreaterThan(0);
    await rebuild(log, p);
    await p.settle();
    expect(counter.calls).toBe(callsBefore);
    expect(await comparable(p)).toEqual(before);
    await p.close();
    cache.close();
  });

  test("applying the same batch twice changes nothing", async () => {
    const p = await open("twice");
    appendParsed(log, sampleEvents());
    const events = readEvents(log, { after: 0, before: headPosition(log) + 1, limit: 100, types: p.handles });
    await p.apply(events, headPosition(log));
    const once = await comparable(p);
    await p.apply(events, headPosition(log));
    expect(await comparable(p)).toEqual(once);
    const reader = (await ChunkReader.open(join(tmp.dir, "twice")))!;
    expect(reader.chunkCount()).toBe(once.length);
    reader.close();
    await p.close();
  });

  test("a changed file loses its old chunks and a deleted file loses all", async () => {
    const p = await open("change");
    appendParsed(log, sampleEvents());
    await catchUp(log, p);
    appendParsed(log, [parsedFile("src/http/router.ts", "export const onlyThis = 1;")]);
    appendDeleted(log, "lib/invoice_total.py");
    await catchUp(log, p);
    const rows = await p.rows();
    expect(rows.filter((r) => r.path === "src/http/router.ts").map((r) => r.text)).toEqual(["export const onlyThis = 1;"]);
    expect(rows.some((r) => r.path === "lib/invoice_total.py")).toBe(false);
    const reader = (await ChunkReader.open(join(tmp.dir, "change")))!;
    expect(reader.keywordChunks(["invoice"], 10)).toEqual([]);
    expect(reader.keywordFiles(["invoice"], 10)).toEqual([]);
    expect(reader.keywordChunks(["route"], 10)).toEqual([]);
    expect(reader.keywordChunks(["only"], 10).map((h) => h.path)).toEqual(["src/http/router.ts"]);
    reader.close();
    await p.close();
  });

  test("a failing provider leaves rows keyword-searchable and the backfill fills them later", async () => {
    const { embedder, counter } = countingEmbedder();
    counter.failing = true;
    const p = await open("backfill", embedder, false);
    appendParsed(log, sampleEvents());
    await catchUp(log, p);
    await p.settle();
    const reader = (await ChunkReader.open(join(tmp.dir, "backfill")))!;
    expect(await reader.pendingVectors()).toBe((await p.rows()).length);
    expect(reader.keywordChunks(["login"], 5).map((h) => h.path)).toContain("src/auth/userService.ts");
    counter.failing = false;
    const r = await p.backfill();
    expect(r.pending).toBe(0);
    expect(r.filled).toBe((await p.rows()).length);
    expect(await reader.pendingVectors()).toBe(0);
    reader.close();
    await p.close();
  });

  test("a full disk under the embedding cache fails the pass instead of leaving rows without vectors", async () => {
    const hash = countingEmbedder().embedder;
    // The cached embedder as the projector gets it, whose cache write meets SQLITE_FULL.
    const full: Embedder = {
      ...hash,
      embedDocuments: async () => {
        throw new Database.SqliteError("database or disk is full", "SQLITE_FULL");
      },
    };
    const p = await open("full", full);
    appendParsed(log, sampleEvents());
    await expect(catchUp(log, p)).rejects.toThrow("database or disk is full");
    expect((await p.checkpoint()).position, "nothing counts as projected").toBe(0);
    await p.close();
    // Space freed: the same events project with every vector.
    const q = await open("full", hash);
    await catchUp(log, q);
    await q.settle();
    expect((await q.rows()).every((r) => r.vector !== null)).toBe(true);
    await q.close();
  });

  test("a projector opened with another embedding model asks to be rebuilt", async () => {
    const p = await open("model");
    appendParsed(log, sampleEvents());
    await catchUp(log, p);
    await p.close();
    const other = countingEmbedder();
    const q = await ChunkProjector.open(join(tmp.dir, "model"), { ...other.embedder, id: "other-model-384" }, { inlineEmbedding: true });
    expect((await q.checkpoint()).version).not.toBe(q.version);
    const r = await catchUp(log, q);
    expect(r.rebuilt).toBe(true);
    await q.close();
  });
});
