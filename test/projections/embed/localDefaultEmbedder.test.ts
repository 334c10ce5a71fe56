import { describe, expect, it } from "vitest";
import { createHashEmbedder } from "../../../src/projections/embed/localDefaultEmbedder.js";
import { collectGarbage } from "../../../src/shared/collectGarbage.js";
import { splitIdentifier, stem } from "../../../src/projections/embed/localDefaultTerms.js";

const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe("the embedded default embedder", () => {
  it("splits identifiers and stems their parts", () => {
    expect(splitIdentifier("parseHTTPRequest2")).toEqual(["parse", "http", "request", "2"]);
    expect(splitIdentifier("__snake_case_name")).toEqual(["snake", "case", "name"]);
    expect(splitIdentifier("isValidBase64")).toEqual(["is", "valid", "base", "64"]);
    expect(new Set(["parse", "parsing", "parser", "parses", "parsed"].map(stem)).size).toBe(1);
    expect(stem("immutability")).toBe(stem("immutable"));
    expect(stem("queries")).toBe(stem("query"));
  });

  it("gives a text the same vector after its word cache filled (200,000 words), was cleared and filled again", async () => {
    const text = "export async function loginUser(req: Request) { return authService.validate(req.body.token); }";
    const embedder = createHashEmbedder();
    const [before] = await embedder.embedDocuments([text]);
    // 250,000 distinct words, in texts of 1,000: the cache clears once and its feature pool grows.
    const word = (i: number) => `word${i.toString(36)}Name${(i * 7919).toString(36)}`;
    for (let t = 0; t < 250; t++) {
      await embedder.embedDocuments([Array.from({ length: 1_000 }, (_, i) => word(t * 1_000 + i)).join(" ")]);
    }
    const [after] = await embedder.embedDocuments([text]);
    const [fresh] = await createHashEmbedder().embedDocuments([text]);
    expect(Array.from(after!)).toEqual(Array.from(before!));
    expect(Array.from(after!)).toEqual(Array.from(fresh!));
  });

  it("keeps none of the texts it embedded alive through the words it caches", async () => {
    const embedder = createHashEmbedder();
    await embedder.embedDocuments(["warm up"]);
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    // 2,000 texts of ~20 KB, each with one new word long enough for V8 to cut it as a view of its text.
    const filler = "value = compute(value) + offset\n".repeat(600);
    for (let i = 0; i < 2_000; i++) await embedder.embedDocuments([`${filler}distinctIdentifier${i.toString(36)}Suffix ${i}\n${filler}`]);
    collectGarbage();
    const grown = process.memoryUsage().heapUsed - before;
    // 2,000 cached words cost well under 1 MB; the texts they came from, ~40 MB.
    expect(grown).toBeLessThan(8 * 1024 * 1024);
    expect((await embedder.embedDocuments(["still here"]))[0]!.length).toBe(768);
  });

  it("is deterministic, unit length, and the same for a fresh instance", async () => {
    const text = "export async function loginUser(req: Request) { return authService.validate(req.body.token); }";
    const [a] = await createHashEmbedder().embedDocuments([text]);
    const [b] = await createHashEmbedder().embedDocuments([text]);
    expect(Array.from(a!)).toEqual(Array.from(b!));
    const q1 = await createHashEmbedder().embedQuery("clear the cookie");
    expect(Array.from(q1)).toEqual(Array.from(await createHashEmbedder().embedQuery("clear the cookie")));
    // A question's adjacent words meet the identifier they spell.
    const [ident, other] = await createHashEmbedder().embedDocuments(["res.clearCookie(name)", "res.cookie(name); clear(list)"]);
    expect(cos(q1, ident!)).toBeGreaterThan(cos(q1, other!));
    expect(cos(a!, a!)).toBeCloseTo(1, 5);
    expect(a!.length).toBe(768);
    expect(Array.from((await createHashEmbedder().embedDocuments(["   "]))[0]!).every((x) => x === 0)).toBe(true);
  });

  it("names its version, size and any non-default tuning in its id", () => {
    expect(createHashEmbedder().id).toBe("hash-v2-768");
    expect(createHashEmbedder({ dimensions: 384 }).id).toBe("hash-v2-384");
    expect(createHashEmbedder({ ngramWeight: 0 }).id).toMatch(/^hash-v2-768-[0-9a-f]{8}$/);
    expect(createHashEmbedder({ ngramWeight: 0 }).id).not.toBe(createHashEmbedder({ ngramWeight: 1 }).id);
  });

  it("ranks the code a task describes above unrelated code", async () => {
    const e = createHashEmbedder();
    const docs = await e.embedDocuments([
      "function loadCfg(path) { const cfg = readConfigFile(path); return validateOptions(cfg); }",
      "function renderTemplate(view, locals) { return engine.render(view, locals); }",
      "class SessionStore { authenticate(user, passwd) { return this.db.checkPassword(user, passwd); } }",
    ]);
    const rank = async (q: string) => {
      const v = await e.embedQuery(q);
      return docs.map((d, i) => [cos(d, v), i] as const).sort((x, y) => y[0] - x[0])[0]![1];
    };
    expect(await rank("configuration loading fails for missing settings file")).toBe(0);
    expect(await rank("templates rendered with wrong locals")).toBe(1);
    expect(await rank("login with a bad password should be rejected")).toBe(2);
  });

  // How fast: `npm run bench -- search` ("embedding alone").
  it("embeds a realistic batch: one vector per text, each of the model's dimensions", async () => {
    const chunk = Array.from({ length: 40 }, (_, i) => `  const value${i} = computeThing(input.field${i % 7}, options); // step ${i}`).join("\n");
    const texts = Array.from({ length: 2000 }, (_, i) => `${chunk}\nexport function handler${i}() {}`);
    const embedder = createHashEmbedder();
    const vectors = await embedder.embedDocuments(texts);
    expect(vectors).toHaveLength(texts.length);
    expect(vectors.every((v) => v.length === embedder.dimensions)).toBe(true);
  });
});
