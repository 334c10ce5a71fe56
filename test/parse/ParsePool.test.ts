import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EncodedPayload } from "../../src/events/index.js";
import { summarize } from "../../src/events/summaries.js";
import { createParsePool, parseSource, type ParseInput } from "../../src/parse/index.js";

const repo = join(import.meta.dirname, "../..");

const inputs: ParseInput[] = [
  { path: "a.ts", text: "export class A { run(): B { return go(); } }\n", contentHash: "1" },
  { path: "b.py", text: "def f(x: int) -> str:\n    return g(x)\n", contentHash: "2" },
  { path: "c.go", text: "package c\nfunc F() { G() }\n", contentHash: "3" },
  { path: "d.rs", text: "fn f() { g(); }\n", contentHash: "4" },
  { path: "E.java", text: "class E { void f() { g(); } }\n", contentHash: "5" },
  { path: "package.json", text: '{"name":"x","main":"i.js"}', contentHash: "6" },
  { path: "notes.txt", text: "hi", contentHash: "7" },
];

describe("createParsePool from TypeScript sources", () => {
  it("parses in-process when no compiled worker script exists", async () => {
    const pool = createParsePool();
    expect(pool.mode).toBe("in-process");
    const results = await Promise.all(inputs.map((input) => pool.parse(input)));
    expect(results).toEqual(inputs.map((input) => parseSource(input)));
    await pool.close();
    expect(await pool.parse(inputs[0]!)).toEqual({ ok: false, reason: "parse pool closed" });
  });
});

describe("createParsePool with worker threads", () => {
  let workerUrl: URL;
  let outfile: string;

  beforeAll(async () => {
    // The real worker entry, bundled the way `tsc` would compile it; native packages stay
    // external and resolve from the repository's node_modules.
    const outDir = join(repo, "node_modules/.cache/nemesis-parse-test");
    mkdirSync(outDir, { recursive: true });
    outfile = join(outDir, `parseWorker-${process.pid}.mjs`);
    await build({
      entryPoints: [join(repo, "src/parse/parseWorker.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      outfile,
      logLevel: "silent",
    });
    workerUrl = pathToFileURL(outfile);
  });

  afterAll(() => rmSync(outfile, { force: true }));

  it("gives the same results as parsing in-process", async () => {
    const pool = createParsePool({ size: 2, workerUrl });
    try {
      expect(pool.mode).toBe("worker");
      const results = await Promise.all(inputs.map((input) => pool.parse(input)));
      expect(results).toEqual(inputs.map((input) => parseSource(input)));
    } finally {
      await pool.close();
    }
  });

  it("serialises the payload in the worker when asked, exactly as the log would", async () => {
    const pool = createParsePool({ size: 2, workerUrl });
    try {
      const results = await Promise.all(inputs.map((input) => pool.parseEncoded(input)));
      results.forEach((r, i) => {
        const direct = parseSource(inputs[i]!);
        if (!direct.ok) return expect(r).toEqual(direct);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.payload).toBeInstanceOf(EncodedPayload);
        expect(r.payload.json).toBe(JSON.stringify(direct.result));
        expect(r.payload.summary).toBe(summarize("FileParsed", direct.result));
      });
    } finally {
      await pool.close();
    }
  });

  it("reports a parse timeout from inside a worker as a reason", async () => {
    const pool = createParsePool({ size: 1, workerUrl });
    try {
      const text = "function f(a){return a&&b(c)?d:e}\n".repeat(40_000);
      const result = await pool.parse({ path: "big.js", text, contentHash: "t", budgetMs: 1 });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/timed out after 1 ms/);
    } finally {
      await pool.close();
    }
  });
});

describe("a crashed or hung worker costs only its file", () => {
  let flakyUrl: URL;

  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), "nemesis-pool-"));
    const file = join(dir, "flakyWorker.mjs");
    writeFileSync(
      file,
      [
        'import { parentPort } from "node:worker_threads";',
        "parentPort.on('message', ({ id, input }) => {",
        "  if (input.path.includes('crash')) throw new Error('boom');",
        "  if (input.path.includes('exit')) process.exit(3);",
        "  if (input.path.includes('hang')) for (;;) {}",
        "  parentPort.postMessage({ id, result: { ok: false, reason: `fake:${input.path}` } });",
        "});",
      ].join("\n"),
    );
    flakyUrl = pathToFileURL(file);
  });

  it("replaces the worker and keeps serving", async () => {
    const pool = createParsePool({ size: 2, workerUrl: flakyUrl, hangTimeoutMs: 1_000 });
    try {
      const file = (path: string): ParseInput => ({ path, text: "", contentHash: "x" });
      const results = await Promise.all(["a.ts", "crash.ts", "b.ts", "hang.ts", "exit.ts", "c.ts", "d.ts"].map((p) => pool.parse(file(p))));
      expect(results[0]).toEqual({ ok: false, reason: "fake:a.ts" });
      expect(results[1]).toEqual({ ok: false, reason: "parse worker crashed on crash.ts: boom" });
      expect(results[2]).toEqual({ ok: false, reason: "fake:b.ts" });
      expect(results[3]).toEqual({ ok: false, reason: "parse worker stopped responding after 1000 ms on hang.ts" });
      expect(results[4]).toEqual({ ok: false, reason: "parse worker exited (code 3) while parsing exit.ts" });
      expect(results[5]).toEqual({ ok: false, reason: "fake:c.ts" });
      expect(results[6]).toEqual({ ok: false, reason: "fake:d.ts" });
      // Still two healthy workers afterwards.
      expect(await Promise.all([pool.parse(file("e.ts")), pool.parse(file("f.ts"))])).toEqual([
        { ok: false, reason: "fake:e.ts" },
        { ok: false, reason: "fake:f.ts" },
      ]);
    } finally {
      await pool.close();
    }
  });

  it("resolves queued files as failures on close", async () => {
    const pool = createParsePool({ size: 1, workerUrl: flakyUrl, hangTimeoutMs: 60_000 });
    const pending = [pool.parse({ path: "hang.ts", text: "", contentHash: "x" }), pool.parse({ path: "later.ts", text: "", contentHash: "x" })];
    await new Promise((r) => setTimeout(r, 100));
    await pool.close();
    expect(await Promise.all(pending)).toEqual([
      { ok: false, reason: "parse pool closed" },
      { ok: false, reason: "parse pool closed" },
    ]);
  });
});
