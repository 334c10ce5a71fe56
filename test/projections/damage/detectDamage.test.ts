import Database from "better-sqlite3";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { sqliteDamage, sqliteFileDamage } from "../../../src/events/index.js";
import { ChunkStore } from "../../../src/projections/chunks/ChunkStore.js";
import { lanceTableDamage } from "../../../src/projections/chunks/lanceTableDamage.js";
import { vectorSnapshotDamage, writeVectorSnapshot } from "../../../src/projections/chunks/vectorSnapshot.js";
import { damageIn } from "../../../src/projections/damage/damageIn.js";
import { kuzuDamage, lanceDamage } from "../../../src/projections/damage/libraryDamage.js";
import { StoreDamaged } from "../../../src/projections/damage/StoreDamaged.js";
import { openEmbeddingCache, textKey } from "../../../src/projections/embed/EmbeddingCache.js";
import { KuzuStore } from "../../../src/projections/graph/KuzuStore.js";
import { routeDamageReports } from "../../../src/shared/damageReports.js";
import { tempDir } from "../../helpers.js";
import { damageFile } from "./damageFile.js";

let tmp: ReturnType<typeof tempDir>;
let reports: string[];
let unroute: () => void;
beforeEach(() => {
  tmp = tempDir("nemesis-damage-");
  reports = [];
  unroute = routeDamageReports((line) => reports.push(line));
});
afterEach(() => {
  unroute();
  tmp.cleanup();
});

/** A SQLite file of a few 4 KB pages, closed. */
const sqliteFile = (name: string): string => {
  const path = join(tmp.dir, name);
  const db = new Database(path);
  db.exec("CREATE TABLE t (x TEXT); CREATE INDEX t_x ON t (x)");
  const insert = db.prepare("INSERT INTO t VALUES (?)");
  db.transaction(() => {
    for (let i = 0; i < 500; i++) insert.run(`row ${i} ${"x".repeat(40)}`);
  })();
  db.close();
  return path;
};

describe("a SQLite file's header", () => {
  test("shows a file cut short or overwritten, and nothing wrong with a whole one, an empty one or none", () => {
    const whole = sqliteFile("whole.db");
    expect(sqliteFileDamage(whole)).toBeNull();
    expect(sqliteFileDamage(join(tmp.dir, "missing.db"))).toBeNull();
    writeFileSync(join(tmp.dir, "empty.db"), "");
    expect(sqliteFileDamage(join(tmp.dir, "empty.db"))).toBeNull();

    const cut = sqliteFile("cut.db");
    damageFile(cut, "truncate");
    expect(sqliteFileDamage(cut)).toMatch(/^truncated: [\d,]+ bytes of the [\d,]+ its header records$/);
    const overwritten = sqliteFile("overwritten.db");
    damageFile(overwritten, "header");
    expect(sqliteFileDamage(overwritten)).toBe("its header is not SQLite's");
  });

  test("is not held to its page count while a WAL beside it may hold the pages a cut-short checkpoint left out", () => {
    const cut = sqliteFile("wal.db");
    damageFile(cut, "truncate");
    writeFileSync(`${cut}-wal`, Buffer.alloc(4096));
    expect(sqliteFileDamage(cut)).toBeNull();
  });
});

describe("which failures are damage", () => {
  test("SQLite's by its result code, Kuzu's and LanceDB's by their words; a full disk never", () => {
    const cut = sqliteFile("read.db");
    damageFile(cut, "pages");
    let failure: unknown;
    try {
      new Database(cut, { readonly: true }).prepare("SELECT count(*) FROM t WHERE x > ''").get();
    } catch (e) {
      failure = e;
    }
    expect(sqliteDamage(failure)).toBe("database disk image is malformed");
    expect(sqliteDamage(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }))).toBeNull();
    expect(sqliteDamage(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }))).toBeNull();

    expect(kuzuDamage(new Error("Runtime exception: Reading past the end of the file /x/graph.kuzu with size 3 at offset 9"))).not.toBeNull();
    expect(kuzuDamage(new Error("IO exception: Cannot write to file: No space left on device"))).toBeNull();
    expect(kuzuDamage(new Error("Binder exception: Table Foo does not exist."))).toBeNull();
    expect(lanceDamage(new Error("lance error: LanceError(IO): Generic LocalFileSystem error: failed to fill whole buffer"))).not.toBeNull();
    expect(lanceDamage(new Error("Invalid input, file does not appear to be a Lance file (invalid magic: [1, 2, 3, 4])"))).not.toBeNull();
    expect(lanceDamage(new Error("lance error: LanceError(IO): No space left on device (os error 28)"))).toBeNull();
  });

  test("a failure is pinned on the model's file its library reads, and on no other model's", () => {
    const failure = Object.assign(new Error("database disk image is malformed"), { code: "SQLITE_CORRUPT" });
    expect(damageIn("catalog", { sqlite: "/p/.nemesis/catalog.db" }, failure)).toMatchObject({ model: "catalog", file: "/p/.nemesis/catalog.db" });
    // The graph's store is Kuzu: a SQLite failure in its projector came from the log.
    expect(damageIn("graph", { kuzu: "/p/.nemesis/graph.kuzu" }, failure)).toBeNull();
    const other = new StoreDamaged({ model: "history", file: "/p/.nemesis/history.db", reason: "r" });
    expect(damageIn("catalog", { sqlite: "/p/.nemesis/catalog.db" }, other)).toBeNull();
  });
});

describe("the graph database", () => {
  const options = { bufferPoolMb: 64 };
  const closedGraph = async (): Promise<string> => {
    const path = join(tmp.dir, "graph.kuzu");
    const store = await KuzuStore.open(path, options);
    await store.close();
    return path;
  };

  test("damaged while nothing ran fails its next open with StoreDamaged (its seal), where Kuzu itself would crash the process", async () => {
    const path = await closedGraph();
    expect(existsSync(`${path}.sealed`)).toBe(true);
    // The tail holds Kuzu's catalog: overwritten, Kuzu's open ends in a segmentation fault.
    damageFile(path, "tail");
    await expect(KuzuStore.open(path, options)).rejects.toThrow(StoreDamaged);
    await expect(KuzuStore.open(path, options)).rejects.toThrow(/checksum differs from the one recorded when it was last closed/);
  });

  test("whole, opens and breaks its seal for as long as it is open; a seal that matches is no obstacle", async () => {
    const path = await closedGraph();
    const store = await KuzuStore.open(path, options);
    expect(existsSync(`${path}.sealed`)).toBe(false);
    expect(await store.readCheckpoint("graph")).toBeNull();
    await store.close();
    expect(existsSync(`${path}.sealed`)).toBe(true);
  });

  test("whose last open died half-way (a crash in Kuzu's open) is dropped, not opened to crash again", async () => {
    const path = await closedGraph();
    // No live process has this pid: a process that died while opening it.
    writeFileSync(`${path}.opening`, "2147483646");
    await expect(KuzuStore.open(path, options)).rejects.toThrow(/died while opening it/);
  });
});

describe("the chunk model's files", () => {
  test("a LanceDB data file or manifest cut short shows in its footer; ChunkStore will not open the table", async () => {
    const dir = join(tmp.dir, "chunks");
    const store = await ChunkStore.open(dir, 4);
    await store.add([{ id: "a", path: "a.ts", symbol: null, kind: "Module", language: "typescript", startLine: 1, endLine: 2, text: "x", vector: new Float32Array(4) }]);
    store.close();
    const table = join(dir, "chunks.lance");
    expect(lanceTableDamage(table)).toBeNull();
    const { readdirSync } = await import("node:fs");
    const data = readdirSync(join(table, "data")).map((f) => join(table, "data", f));
    damageFile(data[0]!, "truncate");
    expect(lanceTableDamage(table)).toMatch(/^data\/.+\.lance does not end in a Lance footer/);
    await expect(ChunkStore.open(dir, 4)).rejects.toThrow(StoreDamaged);
  });

  test("a vector snapshot cut short or with columns that do not add up is damaged; a whole one is not", () => {
    const path = join(tmp.dir, "vectors.cols");
    const offsets = Int32Array.from([0, 1, 1, 2, 2]);
    writeVectorSnapshot(path, { ids: ["a", "b"], dimensions: 4, data: null, version: 3, sparse: { offsets, rows: Int32Array.from([0, 1]), values: Float32Array.from([0.5, 0.25]) } });
    expect(vectorSnapshotDamage(path)).toBeNull();
    const whole = readFileSync(path);
    writeFileSync(path, whole.subarray(0, whole.length - 3));
    expect(vectorSnapshotDamage(path)).toMatch(/bytes where its header adds up to/);
    const backwards = Buffer.from(whole);
    backwards.writeInt32LE(7, 32 + 4 * 2);
    writeFileSync(path, backwards);
    expect(vectorSnapshotDamage(path)).toMatch(/column offsets/);
  });
});

describe("the embedding cache", () => {
  const key = textKey("some text");
  const vector = Float32Array.from([1, 0, 0, 0]);

  test("damaged at open starts afresh, says so in one line, and works", () => {
    const path = join(tmp.dir, "embeddings.db");
    const first = openEmbeddingCache(path);
    for (let i = 0; i < 200; i++) first.putMany("m", [{ key: textKey(`text ${i}`), vector }]);
    first.close();
    damageFile(path, "header");
    const cache = openEmbeddingCache(path);
    cache.putMany("m", [{ key, vector }]);
    expect(cache.getMany("m", [key], 4)[0]).toEqual(vector);
    cache.close();
    expect(reports).toEqual([expect.stringMatching(/embeddings\.db is damaged \(its header is not SQLite's\): starting the embedding cache afresh/)]);
  });

  test("damaged under an open connection starts afresh at the read that finds it, which then answers", () => {
    const path = join(tmp.dir, "embeddings.db");
    const first = openEmbeddingCache(path);
    first.putMany("m", Array.from({ length: 400 }, (_, i) => ({ key: textKey(`text ${i}`), vector })));
    first.close();
    const cache = openEmbeddingCache(path);
    damageFile(path, "pages");
    expect(cache.count("m")).toBe(0);
    cache.putMany("m", [{ key, vector }]);
    expect(cache.getMany("m", [key], 4)[0]).toEqual(vector);
    cache.close();
    expect(reports).toEqual([expect.stringMatching(/embeddings\.db is damaged \(database disk image is malformed\): starting the embedding cache afresh/)]);
  });
});
