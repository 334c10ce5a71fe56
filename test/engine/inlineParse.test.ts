import * as Either from "effect/Either";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordFileChanges } from "../../src/commands/recordFileChanges.js";
import { scanProject } from "../../src/commands/scan/index.js";
import { Engine, inlineParser } from "../../src/engine/index.js";
import { INLINE_MAX_BYTES, INLINE_MAX_FILES, lazySourceParser } from "../../src/engine/lazySourceParser.js";
import { readEvents } from "../../src/events/index.js";
import { parseSource } from "../../src/parse/parseSource.js";
import { removeDir, SCAN_DEFAULTS, tempDir, write } from "../commands/scan/helpers.js";
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
    const engine = Either.getOrThrow(await Engine.open(ctx, { projections: ["catalog"] }));
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
      const second = await engine.catchUp();
      expect(second.reactor.parsed).toBe(INLINE_MAX_FILES + 1);
      expect(engine.parseWorkersStarted).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it("starts the workers for one file larger than the inline bound", async () => {
    const engine = Either.getOrThrow(await Engine.open(ctx, { projections: ["catalog"] }));
    try {
      const big = Array.from({ length: Math.ceil(INLINE_MAX_BYTES / 40) + 10 }, (_, i) => `export const value${i} = ${i}; // some padding\n`).join("");
      expect(big.length).toBeGreaterThan(INLINE_MAX_BYTES);
      write(root, "big.ts", big);
      await record();
      expect((await engine.catchUp()).reactor.parsed).toBe(1);
      expect(engine.parseWorkersStarted).toBe(true);
    } finally {
      await engine.close();
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
