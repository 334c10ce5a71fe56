import * as Either from "effect/Either";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmbedder, resolveProvider, settingsFromConfig } from "../../../src/projections/embed/createEmbedder.js";
import { EmbedderError, type Embedder } from "../../../src/projections/embed/Embedder.js";
import { openEmbeddingCache } from "../../../src/projections/embed/EmbeddingCache.js";
import { createOnnxEmbedder } from "../../../src/projections/embed/onnxEmbedder.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "nemesis-create-embedder-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const resolvable = (name: string): boolean => {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
};

const right = (e: Either.Either<Embedder, EmbedderError>): Embedder => {
  if (Either.isLeft(e)) throw e.left;
  return e.right;
};
const left = (e: Either.Either<Embedder, EmbedderError>): EmbedderError => {
  if (Either.isRight(e)) throw new Error(`expected an error, got ${e.right.id}`);
  return e.left;
};

const HOW_TO = "install @huggingface/transformers and point embedding.model_path at a directory with model.onnx + tokenizer.json";

describe("createEmbedder", () => {
  it("uses OpenAI only when the settings say openai, never because OPENAI_API_KEY is set; auto is the offline default", () => {
    expect(resolveProvider({})).toBe("default");
    expect(resolveProvider({ provider: "auto" })).toBe("default");
    expect(resolveProvider({ provider: "openai" })).toBe("openai");
    const key = { env: { OPENAI_API_KEY: "sk-x" } };
    expect(right(createEmbedder({}, key)).id).toMatch(/^hash-v\d+-768$/);
    expect(right(createEmbedder({ provider: "auto" }, key)).id).toMatch(/^hash-v\d+-768$/);
    expect(right(createEmbedder({ provider: "openai" }, key)).id).toBe("openai:text-embedding-3-small-1536");
    expect(right(createEmbedder({}, { env: {} })).id).toMatch(/^hash-v\d+-768$/);
    expect(right(createEmbedder({ provider: "default", dimensions: 256 }, { env: {} })).dimensions).toBe(256);
    expect(
      right(createEmbedder({ provider: "openai", model: "text-embedding-3-large", baseUrl: "http://localhost:8080/v1" }, { env: { OPENAI_API_KEY: "k" } })).id,
    ).toBe("openai:text-embedding-3-large@localhost:8080/v1-3072");
  });

  it("maps the config file's [embedding] table", () => {
    expect(settingsFromConfig({ provider: "local", model_path: "/m", base_url: "http://x", dimensions: 3 })).toEqual({
      provider: "local",
      modelPath: "/m",
      baseUrl: "http://x",
      dimensions: 3,
    });
  });

  it("explains a missing key or model path in one line", () => {
    expect(left(createEmbedder({ provider: "openai" }, { env: {} })).message).toBe(
      `openai embeddings: embedding.provider = "openai" needs OPENAI_API_KEY in the environment (or set provider = "default" in .nemesis/config.toml)`,
    );
    expect(left(createEmbedder({ provider: "local" }, { env: {} })).message).toContain(HOW_TO);
  });

  it("wraps the provider in the cache when given one", async () => {
    const cache = openEmbeddingCache(join(dir, "e.db"));
    const e = createEmbedder({ provider: "default" }, { env: {}, cache });
    if (Either.isLeft(e)) throw e.left;
    await e.right.embedDocuments(["a b c"]);
    await e.right.embedDocuments(["a b c"]);
    expect(e.right.stats.providerCalls).toBe(1);
    cache.close();
  });
});

describe("local ONNX embedder", () => {
  it("names a missing directory, a missing model file and a missing tokenizer", () => {
    expect(left(createEmbedder({ provider: "local", modelPath: join(dir, "nope") }, { env: {} })).message).toBe(
      `local embeddings: model directory ${join(dir, "nope")} does not exist: ${HOW_TO}`,
    );
    mkdirSync(join(dir, "m"));
    expect(left(createEmbedder({ provider: "local", modelPath: join(dir, "m") }, { env: {} })).message).toContain(`no model.onnx in ${join(dir, "m")}`);
    mkdirSync(join(dir, "m", "onnx"));
    writeFileSync(join(dir, "m", "onnx", "model.onnx"), "");
    expect(left(createEmbedder({ provider: "local", modelPath: join(dir, "m") }, { env: {} })).message).toContain("no tokenizer.json");
  });

  it("fails with a retry-less, one-line error when @huggingface/transformers is not installed", async () => {
    const m = join(dir, "minilm");
    mkdirSync(m);
    writeFileSync(join(m, "model.onnx"), "not really a model");
    writeFileSync(join(m, "tokenizer.json"), "{}");
    writeFileSync(join(m, "config.json"), JSON.stringify({ hidden_size: 384 }));
    const e = createOnnxEmbedder({ modelPath: m, packageName: "@nemesis-test/not-installed-transformers" });
    if (e instanceof EmbedderError) throw e;
    expect(e.id).toMatch(/^onnx:minilm-[0-9a-f]{8}-384$/);
    const err = (await e.embedDocuments(["x"]).catch((x: unknown) => x)) as EmbedderError;
    expect(err).toBeInstanceOf(EmbedderError);
    expect(err.retryable).toBe(false);
    expect(err.message).toBe(`local embeddings: @nemesis-test/not-installed-transformers is not installed: ${HOW_TO}`);
    // Where the real package is not installed, the default path gives the same advice. Where it
    // is (LanceDB depends on it), it goes on reading the model's files after the load failed, and
    // the files removed after the test made those reads unhandled rejections.
    if (resolvable("@huggingface/transformers")) return;
    const real = createOnnxEmbedder({ modelPath: m });
    if (real instanceof EmbedderError) throw real;
    await expect(real.embedQuery("x")).rejects.toMatchObject({ retryable: false, message: expect.stringContaining(HOW_TO) });
  });

  it("needs the output size when config.json does not give it", () => {
    const m = join(dir, "bare");
    mkdirSync(m);
    writeFileSync(join(m, "model.onnx"), "");
    writeFileSync(join(m, "tokenizer.json"), "{}");
    expect(createOnnxEmbedder({ modelPath: m })).toBeInstanceOf(EmbedderError);
    expect((createOnnxEmbedder({ modelPath: m, dimensions: 768 }) as Embedder).dimensions).toBe(768);
  });
});
