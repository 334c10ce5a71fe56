import * as Either from "effect/Either";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordFileChanges } from "../../src/commands/recordFileChanges.js";
import { scanProject } from "../../src/sources/scan/index.js";
import { Engine, inlineParser } from "../../src/engine/index.js";
import { parseAhead } from "../../src/engine/parseAhead.js";
import { readEvents } from "../../src/events/index.js";
import { parseSource, type ParseInput } from "../../src/parse/parseSource.js";
import type { SourceParser } from "../../src/parse/reactor/index.js";
import { hashContent } from "../../src/shared/sourceFile/hashContent.js";
import { removeDir, SCAN_DEFAULTS, tempDir, write } from "../sources/scan/helpers.js";
import { projectContext } from "./helpers.js";

const LIMITS = { maxFileBytes: 1_000_000, maxLineLength: 10_000, budgetMs: 10_000 };

/** The real parser, counting the texts it was given. */
const counting = (): SourceParser & { readonly texts: string[] } => {
  const texts: string[] = [];
  return { texts, parse: async (input: ParseInput) => (texts.push(input.text), parseSource(input)) };
};

const inputOf = (root: string, path: string): ParseInput => {
  const bytes = readFileSync(join(root, path));
  return { path, text: bytes.toString("utf8"), contentHash: hashContent(bytes), budgetMs: LIMITS.budgetMs };
};

let root: string;
beforeEach(() => {
  root = tempDir("nemesis-ahead-");
});
afterEach(() => removeDir(root));

describe("parsing a file ahead of its FileChanged", () => {
  it("hands the parse made ahead to the catch-up when the file still holds the same bytes", async () => {
    write(root, "a.ts", "export const a = 1;\n");
    const parser = counting();
    const ahead = parseAhead(parser, root, LIMITS);
    ahead.ahead("a.ts");
    await ahead.settled();
    expect(parser.texts).toHaveLength(1);
    const r = await ahead.parseEncoded!(inputOf(root, "a.ts"));
    expect(r.ok).toBe(true);
    // Taken once: a second catch-up of the same content parses again.
    expect(parser.texts).toHaveLength(1);
    await ahead.parseEncoded!(inputOf(root, "a.ts"));
    expect(parser.texts).toHaveLength(2);
  });

  it("parses again when the file changed after it was read ahead, and reads a burst's last write", async () => {
    write(root, "a.ts", "export const a = 1;\n");
    const parser = counting();
    const ahead = parseAhead(parser, root, LIMITS);
    ahead.ahead("a.ts");
    await ahead.settled();
    write(root, "a.ts", "export const a = 2;\n");
    const r = await ahead.parseEncoded!(inputOf(root, "a.ts"));
    expect(r.ok && r.payload).toBeTruthy();
    expect(parser.texts).toEqual(["export const a = 1;\n", "export const a = 2;\n"]);

    // Events in quick succession: one read, once the file settled.
    for (let i = 0; i < 20; i++) {
      write(root, "b.ts", `export const b = ${i};\n`);
      ahead.ahead("b.ts");
    }
    await ahead.settled();
    expect(parser.texts.slice(2)).toEqual(["export const b = 19;\n"]);
  });

  it("leaves files it cannot parse, and gone files, to the catch-up", async () => {
    write(root, "long.ts", `export const s = "${"x".repeat(20_000)}";\n`);
    const parser = counting();
    const ahead = parseAhead(parser, root, LIMITS);
    ahead.ahead("long.ts");
    ahead.ahead("missing.ts");
    await ahead.settled();
    expect(parser.texts).toHaveLength(0);
  });

  it("leaves a burst of file events (a branch switch) to the catch-up: it reads ahead only until the burst shows", async () => {
    for (let i = 0; i < 300; i++) write(root, `m${i}.ts`, `export const m${i} = ${i};\n`);
    const parser = counting();
    const ahead = parseAhead(parser, root, LIMITS);
    // A checkout's events: two a file, ten files between the reads ahead that settle (a file is read 10 ms after its last event).
    for (let i = 0; i < 300; i++) {
      ahead.ahead(`m${i}.ts`);
      ahead.ahead(`m${i}.ts`);
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 12));
    }
    await ahead.settled();
    for (let i = 0; i < 300; i++) await ahead.parseEncoded!(inputOf(root, `m${i}.ts`));
    // Every file read ahead, only the last 32 parses held: 300 parses ahead and 268 again by the catch-up.
    // Now the first few dozen files at most are parsed ahead, and the catch-up takes those it can.
    expect(parser.texts.length).toBeLessThan(400);
    // Once the burst is over, a save is read ahead again.
    await new Promise((r) => setTimeout(r, 1_100));
    const before = parser.texts.length;
    write(root, "m0.ts", "export const m0 = -1;\n");
    ahead.ahead("m0.ts");
    await ahead.settled();
    await new Promise((r) => setTimeout(r, 20));
    expect(parser.texts.slice(before)).toEqual(["export const m0 = -1;\n"]);
  });

  it("an engine's catch-up stores the same FileParsed whether the file was parsed ahead or not", async () => {
    const ctx = projectContext(root);
    try {
      const engine = Either.getOrThrow(await Engine.open(ctx, { parser: inlineParser, projections: ["catalog"] }));
      try {
        write(root, "a.ts", "export function f(x: number) {\n  return x + 1;\n}\n");
        engine.parseAhead("a.ts");
        await new Promise((r) => setTimeout(r, 50));
        await recordFileChanges(ctx.log, await scanProject(root, SCAN_DEFAULTS), { meta: { source: "cli" } });
        expect((await engine.catchUp()).reactor.parsed).toBe(1);
        const [parsed] = readEvents(ctx.log, { types: ["FileParsed"] });
        const input = inputOf(root, "a.ts");
        const expected = parseSource(input);
        expect(expected.ok && parsed!.data).toEqual(expected.ok ? expected.result : null);
      } finally {
        await engine.close();
      }
    } finally {
      ctx.close();
    }
  });
});
