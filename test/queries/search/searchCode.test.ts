import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { join } from "node:path";
import * as Either from "effect/Either";
import type { LogHandle } from "../../../src/events/index.js";
import { ChunkProjector, ChunkReader } from "../../../src/projections/chunks/index.js";
import { createHashEmbedder } from "../../../src/projections/embed/localDefaultEmbedder.js";
import { catchUp } from "../../../src/projections/index.js";
import { closeGrepWorkers, grepCode } from "../../../src/queries/grep/grepCode.js";
import { searchCode } from "../../../src/queries/search/searchCode.js";
import { tempDir } from "../../helpers.js";
import { appendParsed, openLog, parsedFile, sampleEvents } from "../../projections/chunks/chunkFixture.js";
import { closeEventLog } from "../../../src/events/index.js";

let tmp: ReturnType<typeof tempDir>;
let log: LogHandle;
let reader: ChunkReader;
const embedder = createHashEmbedder();

beforeAll(async () => {
  tmp = tempDir("nemesis-search-");
  log = openLog(tmp.dir);
  const nested = "x".repeat(40);
  appendParsed(log, [...sampleEvents(), parsedFile("src/pathological.ts", `export const s = "${nested}y";`)]);
  const p = await ChunkProjector.open(join(tmp.dir, "chunks"), embedder, { inlineEmbedding: true });
  await catchUp(log, p);
  await p.close();
  reader = (await ChunkReader.open(join(tmp.dir, "chunks")))!;
});
afterAll(async () => {
  reader.close();
  await closeGrepWorkers();
  closeEventLog(log);
  tmp.cleanup();
});

describe("searchCode", () => {
  test("finds the file a natural-language question is about", async () => {
    const a = await searchCode(reader, embedder, "where do users log in with a password?");
    expect(a.hits[0]!.file).toBe("src/auth/userService.ts");
    expect(a.usedVectors).toBe(true);
    expect(a.pendingVectors).toBe(0);
    const b = await searchCode(reader, embedder, "invoice total price");
    expect(b.files[0]!.file).toBe("lib/invoice_total.py");
  });

  test("a hit inside a method also scores its class", async () => {
    const a = await searchCode(reader, embedder, "render invoice");
    expect(a.symbols.map((s) => s.symbol)).toContain("InvoicePrinter");
  });

  test("filters by path glob, language and kind", async () => {
    const glob = await searchCode(reader, embedder, "hash password route", { scope: { kind: "glob", pattern: "src/http/**" } });
    expect(glob.hits.length).toBeGreaterThan(0);
    expect(glob.hits.every((h) => h.file.startsWith("src/http/"))).toBe(true);
    const py = await searchCode(reader, embedder, "total", { language: "python" });
    expect(new Set(py.hits.map((h) => h.file))).toEqual(new Set(["lib/invoice_total.py"]));
    const classes = await searchCode(reader, embedder, "login route render", { kind: "Class" });
    expect(classes.hits.length).toBeGreaterThan(0);
    expect(classes.hits.every((h) => h.kind === "Class")).toBe(true);
  });

  test("keyword search alone still answers when no embedder is given", async () => {
    const a = await searchCode(reader, null, "sha256Digest");
    expect(a.usedVectors).toBe(false);
    expect(a.hits[0]!.file).toBe("src/auth/hashing.ts");
  });
});

describe("grepCode", () => {
  test("returns file, line and context from the indexed contents", async () => {
    const r = await grepCode(reader, { pattern: "checkPassword\\(", context: 1 });
    const a = Either.getOrThrow(r);
    expect(a.matches.map((m) => `${m.file}:${m.line}`)).toEqual(["src/auth/userService.ts:5", "src/auth/userService.ts:9"]);
    expect(a.matches[0]!.before).toEqual(["  login(name: string, password: string) {"]);
    expect(a.nextOffset).toBeNull();
  });

  test("pages with offset and page size, and honours the path glob", async () => {
    const first = Either.getOrThrow(await grepCode(reader, { pattern: "return", pageSize: 2 }));
    expect(first.matches).toHaveLength(2);
    expect(first.nextOffset).toBe(2);
    const second = Either.getOrThrow(await grepCode(reader, { pattern: "return", pageSize: 2, offset: 2 }));
    expect(second.matches[0]).not.toEqual(first.matches[0]);
    const py = Either.getOrThrow(await grepCode(reader, { pattern: "return", scope: { kind: "glob", pattern: "**/*.py" } }));
    expect(py.matches.every((m) => m.file.endsWith(".py"))).toBe(true);
    expect(py.matches.length).toBe(2);
  });

  test("an invalid pattern is a clear error", async () => {
    const r = await grepCode(reader, { pattern: "foo(" });
    expect(Either.isLeft(r) && r.left.reason).toBe("invalid_pattern");
  });

  test("a 10 MB pattern is rejected before it is compiled", async () => {
    const r = await grepCode(reader, { pattern: "a".repeat(10 * 1024 * 1024) });
    expect(Either.isLeft(r) && r.left.reason).toBe("pattern_too_long");
  });

  test("(a+)+$ finishes in bounded time, and a backtracking pattern the linear engine cannot run is stopped", async () => {
    const nested = await grepCode(reader, { pattern: "(x+)+$" });
    expect(Either.isRight(nested)).toBe(true);
    const backref = await grepCode(reader, { pattern: "(x|xx)+\\1$", timeoutMs: 500 });
    expect(Either.isLeft(backref) && backref.left.reason).toBe("timeout");
    // The next search gets a fresh worker and works.
    const after = Either.getOrThrow(await grepCode(reader, { pattern: "matchRoute" }));
    expect(after.matches.map((m) => m.file)).toEqual(["src/http/router.ts"]);
  });
});
