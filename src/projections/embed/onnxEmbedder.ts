import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { EmbedderError, normalize, type Embedder } from "./Embedder.js";

export interface OnnxEmbedderOptions {
  /** A directory holding tokenizer.json, config.json and model.onnx (or onnx/model.onnx). */
  readonly modelPath: string;
  /** Output size; default the model's `hidden_size` from config.json. */
  readonly dimensions?: number;
  /** Texts per forward pass (default 32). */
  readonly batchSize?: number;
  /** Prepended to queries / documents, for models trained with prefixes (e5: "query: ", "passage: "). */
  readonly queryPrefix?: string;
  readonly documentPrefix?: string;
  /** Module to load; tests point it at a missing one. */
  readonly packageName?: string;
}

const PROVIDER = "local";
const HOW_TO = "install @huggingface/transformers and point embedding.model_path at a directory with model.onnx + tokenizer.json";

const fail = (what: string) => new EmbedderError({ provider: PROVIDER, retryable: false, reason: `${what}: ${HOW_TO}` });

interface ModelFiles {
  readonly dir: string;
  /** "" when model.onnx sits in the directory itself, "onnx" for the Hugging Face layout. */
  readonly subfolder: string;
  readonly hiddenSize: number | null;
  readonly fingerprint: string;
}

/** Checks the model directory before anything loads, so a wrong path is a clear error at startup. */
export const locateModel = (modelPath: string): ModelFiles | EmbedderError => {
  const dir = resolve(modelPath);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return fail(`model directory ${dir} does not exist`);
  const subfolder = existsSync(join(dir, "model.onnx")) ? "" : existsSync(join(dir, "onnx", "model.onnx")) ? "onnx" : null;
  if (subfolder === null) return fail(`no model.onnx in ${dir}`);
  if (!existsSync(join(dir, "tokenizer.json"))) return fail(`no tokenizer.json in ${dir}`);
  let hiddenSize: number | null = null;
  let configText = "";
  if (existsSync(join(dir, "config.json"))) {
    configText = readFileSync(join(dir, "config.json"), "utf8");
    try {
      const c = JSON.parse(configText) as Record<string, unknown>;
      const h = c["hidden_size"] ?? c["dim"] ?? c["d_model"];
      hiddenSize = typeof h === "number" ? h : null;
    } catch {
      return fail(`${join(dir, "config.json")} is not valid JSON`);
    }
  }
  const model = statSync(join(dir, subfolder, "model.onnx"));
  const fingerprint = createHash("sha256").update(`${configText}\u0000${model.size}`).digest("hex").slice(0, 8);
  return { dir, subfolder, hiddenSize, fingerprint };
};

type Extractor = (
  texts: string[],
  options: { pooling: "mean"; normalize: boolean },
) => Promise<{ data: Float32Array | number[]; dims: number[] }>;

/**
 * A local ONNX sentence-embedding model (provider "local"), run by transformers.js on
 * onnxruntime-node. Never downloads: remote models are disabled and files are read only from
 * `modelPath`. The package is optional and loaded on first use.
 */
export const createOnnxEmbedder = (options: OnnxEmbedderOptions): Embedder | EmbedderError => {
  const files = locateModel(options.modelPath);
  if (files instanceof EmbedderError) return files;
  const dimensions = options.dimensions ?? files.hiddenSize;
  if (dimensions === null) {
    return fail(`cannot tell the model's output size (no hidden_size in config.json); set embedding.dimensions`);
  }
  const batchSize = Math.max(1, options.batchSize ?? 32);
  let extractor: Promise<Extractor> | null = null;

  const load = async (): Promise<Extractor> => {
    const name = options.packageName ?? "@huggingface/transformers";
    let mod: {
      env: { allowRemoteModels: boolean; allowLocalModels: boolean; localModelPath: string };
      pipeline: (task: string, model: string, opts: Record<string, unknown>) => Promise<Extractor>;
    };
    try {
      mod = (await import(name)) as typeof mod;
    } catch {
      throw fail(`${name} is not installed`);
    }
    mod.env.allowRemoteModels = false;
    mod.env.allowLocalModels = true;
    mod.env.localModelPath = dirname(files.dir);
    try {
      return await mod.pipeline("feature-extraction", basename(files.dir), {
        local_files_only: true,
        subfolder: files.subfolder,
        dtype: "fp32",
      });
    } catch (e) {
      throw fail(`cannot load the model in ${files.dir} (${(e instanceof Error ? e.message : String(e)).split("\n")[0]})`);
    }
  };

  const run = async (texts: ReadonlyArray<string>): Promise<Float32Array[]> => {
    const model = await (extractor ??= load().catch((e: unknown) => {
      extractor = null;
      throw e;
    }));
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += batchSize) {
      const batch = texts.slice(i, i + batchSize);
      const t = await model([...batch], { pooling: "mean", normalize: true });
      const width = t.dims[t.dims.length - 1] ?? 0;
      if (width !== dimensions) {
        throw new EmbedderError({ provider: PROVIDER, retryable: false, reason: `model gives ${width} dimensions, expected ${dimensions}: set embedding.dimensions = ${width}` });
      }
      for (let j = 0; j < batch.length; j++) out.push(normalize(Float32Array.from(t.data.slice(j * width, (j + 1) * width))));
    }
    return out;
  };

  return {
    id: `onnx:${basename(files.dir)}-${files.fingerprint}-${dimensions}`,
    dimensions,
    embedDocuments: (texts) => run(texts.map((t) => (options.documentPrefix ?? "") + t)),
    embedQuery: async (text) => (await run([(options.queryPrefix ?? "") + text]))[0]!,
  };
};
