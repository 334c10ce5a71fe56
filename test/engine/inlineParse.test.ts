import * as Either from "effect/Either";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordFileChanges } from "../../src/commands/recordFileChanges.js";
import { scanProject } from "../../src/sources/scan/index.js";
import { Engine, inlineParser } from "../../src/engine/index.js";
import { INLINE_MAX_BYTES, INLINE_MAX_FILES, lazySourceParser } from "../../src/engine/lazySourceParser.js";
import { appendToStreams, readEvents, streamVersion } from "../../src/events/index.js";
import { parseSource } from "../../src/parse/parseSource.js";
import { PARSER_VERSION } from "../../src/parse/version.js";
import { removeDir, SCAN_DEFAULTS, tempDir, write } from "../sources/scan/helpers.js";
import { projectContext } from "./helpers.js";

let root: string;
let ctx: ReturnType<typeof projectContext>;
beforeEach(() => {
  root = tempDir("nemesis-inline-");
  ctx = projectContext(root);
});
afterEach(() => {
  ctx.close();
  removeDir(root);
});

const record = async () => recordFileChanges(ctx.log, await scanProject(root, SCAN_DEFAULTS), { meta: { source: "cli" } });

const source = (i: number) => `export function f${i}(x: number): number {\n  return g${i}(x) + 1;\n}\n`;

describe("parsing a small catch-up on the engine's thread", () => {
  it("parses a one-file update without starting the workers, and a larger one with them", async () => {
    const engine = Either.getOrThrow(await Engine.open(ctx, { projections: ["catalog"], oneShot: true }));
    try {
      write(root, "a.ts", source(0));
      await record();
      const first = await engine.catchUp();
      expect(first.reactor.parsed).toBe(1);
      expect(engine.parseWorkersStarted).toBe(false);
      const [parsed] = readEvents(ctx.log, { types: ["FileParsed"] });
      // What the worker would have appended: the same parse of the same text.
      const expected = parseSource({ path: "a.ts", text: source(0), contentHash: (parsed!.data as { contentHash: string }).contentHash });
      expect(expected.ok && parsed!.data).toEqual(expected.ok ? expected.result : null);

      for (let i = 1; i <= INLINE_MAX_FILES + 1; i++) write(root, `m${i}.ts`, source(i));
      await record();
      let started = false;
      const second = await engine.catchUp((p) => {
        if (p.stage === "parse") started ||= engine.parseWorkersStarted;
      });
      expect(second.reactor.parsed).toBe(INLINE_MAX_FILES + 1);
      // A one-shot engine stops its workers once parsing is over: they ran while it parsed.
      expect(started).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it("starts the workers for one file larger than the inline bound, and always in a live engine", async () => {
    const engine = Either.getOrThrow(await Engine.open(ctx, { projections: ["catalog"] }));
    write(root, "small.ts", source(0));
    await record();
    expect((await engine.catchUp()).reactor.parsed).toBe(1);
    expect(engine.parseWorkersStarted).toBe(true);
    await engine.close();
    const oneShot = Either.getOrThrow(await Engine.open(ctx, { projections: ["catalog"], oneShot: true }));
    try {
      const big = Array.from({ length: Math.ceil(INLINE_MAX_BYTES / 40) + 10 }, (_, i) => `export const value${i} = ${i}; // some padding\n`).join("");
      expect(big.length).toBeGreaterThan(INLINE_MAX_BYTES);
      write(root, "big.ts", big);
      await record();
      let started = false;
      const run = await oneShot.catchUp((p) => {
        if (p.stage === "parse") started ||= oneShot.parseWorkersStarted;
      });
      expect(run.reactor.parsed).toBe(1);
      expect(started).toBe(true);
    } finally {
      await oneShot.close();
    }
  });
});

describe("lazySourceParser", () => {
  it("keeps using started workers for a small catch-up: a round trip costs less than the parse", async () => {
    let created = 0;
    const parser = lazySourceParser(async () => {
      created++;
      return inlineParser;
    }, inlineParser);
    const input = { path: "a.ts", text: source(0), contentHash: "h" };
    parser.plan({ files: 1, bytes: 100 });
    expect((await parser.parse(input)).ok).toBe(true);
    expect(created).toBe(0);
    parser.plan({ files: 100, bytes: 1_000_000 });
    await parser.parseEncoded!(input);
    expect(created).toBe(1);
    parser.plan({ files: 1, bytes: 100 });
    await parser.parse(input);
    expect(created).toBe(1);
    expect(parser.started).toBe(true);
    await parser.release();
    expect(parser.started).toBe(false);
  });
});

describe("a file parsed by an older version of the extractors", () => {
  it("is recorded as changed again by the next scan and parsed anew, once", async () => {
    const engine = Either.getOrThrow(await Engine.open(ctx, { parser: inlineParser, projections: ["catalog"] }));
    try {
      write(root, "a.ts", source(0));
      write(root, "b.ts", source(1));
      await record();
      await engine.catchUp();
      // What an older build appended for a.ts: the same content, another parser version.
      const [latest] = readEvents(ctx.log, { types: ["FileParsed"] }).filter((e) => e.stream === "file:a.ts");
      const version = streamVersion(ctx.log, "file:a.ts");
      appendToStreams(ctx.log, [
        { stream: "file:a.ts", expectedVersion: version, events: [{ type: "FileParsed", data: { ...(latest!.data as object), parserVersion: "ts-extract-0" }, meta: { source: "engine" } }] },
      ]);
      const again = await record();
      expect(again).toMatchObject({ changed: 1, unchanged: 1 });
      expect((await engine.catchUp()).reactor.parsed).toBe(1);
      const parses = readEvents(ctx.log, { types: ["FileParsed"] }).filter((e) => e.stream === "file:a.ts");
      expect((parses.at(-1)!.data as { parserVersion: string }).parserVersion).toBe(PARSER_VERSION);
      expect(await record()).toMatchObject({ changed: 0, unchanged: 2 });
    } finally {
      await engine.close();
    }
  });
});
