import { afterEach, beforeEach, describe, expect, test } from "vitest";
import Database from "better-sqlite3";
import { join } from "node:path";
import { closeEventLog, type LogHandle } from "../../../src/events/index.js";
import { ChunkProjector, ChunkReader, type VectorMatrix, type VectorSet } from "../../../src/projections/chunks/index.js";
import { loadVectorMatrix } from "../../../src/projections/chunks/loadVectorMatrix.js";
import { recordVectorChange, VECTOR_CHANGES_KEPT } from "../../../src/projections/chunks/recordVectorChange.js";
import { vectorChangesBetween } from "../../../src/projections/chunks/vectorChangesBetween.js";
import type { Embedder } from "../../../src/projections/embed/Embedder.js";
import { createHashEmbedder } from "../../../src/projections/embed/localDefaultEmbedder.js";
import { catchUp } from "../../../src/projections/index.js";
import { topCosine, topCosineOf } from "../../../src/queries/search/topCosine.js";
import { tempDir } from "../../helpers.js";
import { appendDeleted, appendParsed, openLog, parsedFile, SAMPLE, sampleEvents } from "./chunkFixture.js";

let tmp: ReturnType<typeof tempDir>;
let log: LogHandle;
beforeEach(() => {
  tmp = tempDir("nemesis-follow-");
  log = openLog(tmp.dir);
});
afterEach(() => {
  closeEventLog(log);
  tmp.cleanup();
});

const hash = createHashEmbedder();

/** Dense vectors (every dimension non-zero) for texts that say DENSE, or for every text with `all`: the other form of the matrix. */
const denseWhere = (dense: (text: string) => boolean): Embedder => ({
  id: "dense-test",
  dimensions: hash.dimensions,
  embedDocuments: async (texts) =>
    Promise.all(
      texts.map(async (t) => {
        const [v] = await hash.embedDocuments([t]);
        if (!dense(t)) return v!;
        return Float32Array.from(v!, (x, j) => x + Math.sin(t.length + j) / 64);
      }),
    ),
  embedQuery: (text) => hash.embedQuery(text),
});

/** Each live row's vector by id, whatever the matrix's form and row order (`skip`: rows left out). */
const byId = (m: VectorMatrix, skip: Uint8Array | null = null): Map<string, number[]> => {
  const all = new Map<number, number[]>();
  const d = m.dimensions;
  m.ids.forEach((_, r) => all.set(r, m.data ? Array.from(m.data.subarray(r * d, (r + 1) * d)) : new Array<number>(d).fill(0)));
  if (m.sparse) {
    const { offsets, rows, values } = m.sparse;
    for (let j = 0; j < d; j++) for (let k = offsets[j]!; k < offsets[j + 1]!; k++) all.get(rows[k]!)![j] = values[k]!;
  }
  return new Map([...all].filter(([r]) => !skip || skip[r] === 0).map(([r, v]) => [m.ids[r]!, v]));
};

/** Every live vector of a set by id; an id live in two parts fails. */
const setById = (v: VectorSet): Map<string, number[]> => {
  const out = byId(v.base, v.dropped);
  for (const [id, vector] of v.recent ? byId(v.recent) : []) {
    expect(out.has(id)).toBe(false);
    out.set(id, vector);
  }
  return out;
};

const QUERIES = ["hash the password", "route a url", "invoice total", "render", "check password digest", "new feature widget"];

/** The reader's matrix searches exactly as a fresh load of the same index, and has the same form and rows. */
const expectSameAsFresh = async (reader: ChunkReader, embedder: Embedder) => {
  const m = (await reader.vectors())!;
  const fresh = loadVectorMatrix(reader.db, m.dimensions, m.version);
  expect(m.version).toBe(epochOf(reader));
  expect(m.base.data === null).toBe(fresh.data === null);
  expect(m.recent === null || (m.recent.data === null) === (fresh.data === null)).toBe(true);
  expect(m.size).toBe(fresh.ids.length);
  expect(setById(m)).toEqual(byId(fresh));
  for (const q of QUERIES) {
    const v = await embedder.embedQuery(q);
    for (const k of [1, 3, 5, 50]) expect(topCosineOf(m, v, k)).toEqual(topCosine(fresh, v, k));
  }
  const paths = new Map((reader.db.prepare("SELECT id, path FROM chunks").all() as Array<{ id: string; path: string }>).map((r) => [r.id, r.path]));
  expect(reader.paths()).toEqual(paths);
};

const epochOf = (reader: ChunkReader) => Number(reader.db.prepare("SELECT value FROM meta WHERE key = 'vector_epoch'").pluck().get());

/**
 * The changes recorded since `before` was read reach back to it, and the reader follows them
 * (it keeps the same base) unless a fresh load would take the other form (then it reloads).
 */
const expectFollowed = async (reader: ChunkReader, before: VectorSet) => {
  expect(vectorChangesBetween(reader.db, before.version, epochOf(reader))).not.toBeNull();
  const fresh = loadVectorMatrix(reader.db, before.dimensions, epochOf(reader));
  const after = (await reader.vectors())!;
  if ((fresh.data === null) !== (before.base.data === null)) expect(after.base).not.toBe(before.base);
  else expect(after.base).toBe(before.base);
};

const steps = (): Array<[string, () => void]> => [
  ["a file added", () => appendParsed(log, [parsedFile("src/widget.ts", "export function newFeatureWidget() {\n  return 1;\n}\n\nexport const DENSE = 2;")])],
  ["a file edited", () => appendParsed(log, [parsedFile("src/http/router.ts", SAMPLE["src/http/router.ts"].replace("matchRoute", "matchPath") + "\n\nfunction extra() {\n  return 2;\n}")])],
  ["a file deleted", () => appendDeleted(log, "src/auth/hashing.ts")],
  [
    "a file renamed",
    () => {
      appendDeleted(log, "lib/invoice_total.py");
      appendParsed(log, [parsedFile("lib/billing/invoice_total.py", SAMPLE["lib/invoice_total.py"], "python")]);
    },
  ],
  ["the same parse again", () => appendParsed(log, [parsedFile("src/widget.ts", "export function newFeatureWidget() {\n  return 1;\n}\n\nexport const DENSE = 2;")])],
  ["the added file deleted", () => appendDeleted(log, "src/widget.ts")],
];

describe("a reader's vectors follow the changes the chunk projector records", () => {
  for (const [form, embedder] of [
    ["sparse", hash],
    ["dense", denseWhere(() => true)],
    ["sparse, then dense from one file", denseWhere((t) => t.includes("DENSE"))],
  ] as const) {
    test(`${form}: after adds, edits, deletes and renames, one pass at a time or several, the matrix is a fresh load's`, async () => {
      const dir = join(tmp.dir, "chunks");
      const projector = await ChunkProjector.open(dir, embedder, { inlineEmbedding: true });
      appendParsed(log, sampleEvents());
      await catchUp(log, projector);
      const reader = (await ChunkReader.open(dir))!;
      await expectSameAsFresh(reader, embedder);
      for (const [, step] of steps()) {
        const before = (await reader.vectors())!;
        step();
        await catchUp(log, projector, { batchSize: 1 });
        await expectFollowed(reader, before);
        await expectSameAsFresh(reader, embedder);
      }
      // Several passes between two reads.
      const before = (await reader.vectors())!;
      for (const [, step] of steps()) {
        step();
        await catchUp(log, projector, { batchSize: 1 });
      }
      await expectFollowed(reader, before);
      await expectSameAsFresh(reader, embedder);
      reader.close();
      await projector.close();
    });
  }

  test("vectors filled in by the backfill are followed too", async () => {
    const dir = join(tmp.dir, "chunks");
    const projector = await ChunkProjector.open(dir, hash, { inlineEmbedding: false });
    appendParsed(log, sampleEvents().slice(0, 2));
    await catchUp(log, projector);
    await projector.backfill();
    const reader = (await ChunkReader.open(dir))!;
    const before = (await reader.vectors())!;
    appendParsed(log, sampleEvents().slice(2));
    await catchUp(log, projector);
    await expectSameAsFresh(reader, hash);
    expect(await reader.pendingVectors()).toBeGreaterThan(0);
    const pendingSeen = (await reader.vectors())!;
    expect(pendingSeen.size).toBe(before.size);
    await projector.backfill();
    expect(await reader.pendingVectors()).toBe(0);
    await expectFollowed(reader, pendingSeen);
    await expectSameAsFresh(reader, hash);
    reader.close();
    await projector.close();
  });

  test("a reader further behind than the changes kept reloads, and still matches", async () => {
    const dir = join(tmp.dir, "chunks");
    const projector = await ChunkProjector.open(dir, hash, { inlineEmbedding: true });
    appendParsed(log, sampleEvents());
    await catchUp(log, projector);
    const reader = (await ChunkReader.open(dir))!;
    const before = (await reader.vectors())!;
    for (let i = 0; i <= VECTOR_CHANGES_KEPT; i++) {
      appendParsed(log, [parsedFile("src/counter.ts", `export function count${i % 3}() {\n  return ${i};\n}`)]);
      await catchUp(log, projector);
    }
    expect(vectorChangesBetween(reader.db, before.version, epochOf(reader))).toBeNull();
    await expectSameAsFresh(reader, hash);
    reader.close();
    await projector.close();
  });
});

describe("the chain of recorded changes", () => {
  const open = () => {
    const db = new Database(join(tmp.dir, "changes.db"));
    db.exec("CREATE TABLE vector_changes (epoch INTEGER PRIMARY KEY, previous INTEGER NOT NULL, removed TEXT, added TEXT)");
    return db;
  };

  test("unions the ids of every change between two epochs", () => {
    const db = open();
    recordVectorChange(db, 10, 11, { removed: ["a"], added: ["b"] });
    recordVectorChange(db, 11, 12, { removed: ["b"], added: ["c", "d"] });
    recordVectorChange(db, 12, 13, { removed: [], added: [] });
    expect(vectorChangesBetween(db, 10, 13)).toEqual({ removed: new Set(["a", "b"]), added: new Set(["b", "c", "d"]) });
    expect(vectorChangesBetween(db, 11, 12)).toEqual({ removed: new Set(["b"]), added: new Set(["c", "d"]) });
    expect(vectorChangesBetween(db, 13, 13)).toEqual({ removed: new Set(), added: new Set() });
    db.close();
  });

  test("is broken by an unlisted change, a gap, another index's epochs, or an epoch behind", () => {
    const db = open();
    recordVectorChange(db, 10, 11, { removed: ["a"], added: [] });
    recordVectorChange(db, 11, 12, null);
    recordVectorChange(db, 12, 13, { removed: [], added: ["x"] });
    expect(vectorChangesBetween(db, 10, 13)).toBeNull();
    expect(vectorChangesBetween(db, 12, 13)).not.toBeNull();
    expect(vectorChangesBetween(db, 9, 11)).toBeNull();
    expect(vectorChangesBetween(db, 13, 12)).toBeNull();
    // A rebuilt index starts at a random epoch: its first change does not follow ours.
    recordVectorChange(db, 0, 14, { removed: [], added: [] });
    expect(vectorChangesBetween(db, 13, 14)).toBeNull();
    db.close();
  });

  test("keeps the last changes only", () => {
    const db = open();
    for (let e = 1; e <= VECTOR_CHANGES_KEPT + 10; e++) recordVectorChange(db, e - 1, e, { removed: [], added: [`c${e}`] });
    expect(db.prepare("SELECT count(*) FROM vector_changes").pluck().get()).toBe(VECTOR_CHANGES_KEPT);
    db.close();
  });
});
