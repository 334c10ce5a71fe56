import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EmbedderError } from "../../../src/projections/embed/Embedder.js";
import { createOpenAIEmbedder } from "../../../src/projections/embed/openaiEmbedder.js";

const DIMS = 8;

/** The vector the fake server returns for a text: derived from its hash, so tests can check order. */
const vectorOf = (text: string): number[] => {
  const h = createHash("sha256").update(text).digest();
  return Array.from({ length: DIMS }, (_, i) => h[i]! - 128);
};
const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

interface Fake {
  readonly url: string;
  readonly requests: Array<{ auth: string | undefined; input: string[]; model: string }>;
  /** Statuses to answer with before succeeding, consumed one per request. */
  readonly failures: Array<{ status: number; headers?: Record<string, string>; body?: unknown }>;
  close(): Promise<void>;
}

/** A local server speaking POST /v1/embeddings like the OpenAI API (data returned in reverse order, as `index` allows). */
const startFake = async (): Promise<Fake> => {
  const requests: Fake["requests"] = [];
  const failures: Fake["failures"] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const parsed = JSON.parse(body) as { input: string[]; model: string };
      requests.push({ auth: req.headers.authorization, input: parsed.input, model: parsed.model });
      const fail = failures.shift();
      if (req.url !== "/v1/embeddings") {
        res.writeHead(404).end();
        return;
      }
      if (fail) {
        res.writeHead(fail.status, { "content-type": "application/json", ...fail.headers });
        res.end(JSON.stringify(fail.body ?? { error: { message: `injected ${fail.status}`, type: "server_error", code: null } }));
        return;
      }
      const data = parsed.input.map((t, index) => ({ object: "embedding", index, embedding: vectorOf(t) })).reverse();
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data, model: parsed.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    failures,
    close: () => new Promise((r) => server.close(() => r())),
  };
};

let fake: Fake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

const embedder = (f: Fake, apiKey = "sk-test") =>
  createOpenAIEmbedder({ apiKey, baseUrl: f.url, dimensions: DIMS, retry: { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 50 } });

describe("openai embedder against a local embeddings server", () => {
  it("batches to 2048 inputs per request and puts every vector back in order", async () => {
    fake = await startFake();
    const texts = Array.from({ length: 5000 }, (_, i) => `function f${i}() { return ${i}; }`);
    const vectors = await embedder(fake).embedDocuments(texts);
    expect(fake.requests.map((r) => r.input.length)).toEqual([2048, 2048, 904]);
    expect(fake.requests[0]!.auth).toBe("Bearer sk-test");
    expect(fake.requests[0]!.model).toBe("text-embedding-3-small");
    for (const i of [0, 2047, 2048, 4999]) {
      expect(Array.from(vectors[i]!)).toEqual(unit(vectorOf(texts[i]!)).map((x) => Math.fround(x)));
    }
  });

  it("keeps each request under the token budget and cuts inputs over 8191 tokens", async () => {
    fake = await startFake();
    const long = "alpha beta gamma delta ".repeat(4000); // ~16k tokens
    const medium = Array.from({ length: 60 }, (_, i) => `word${i} `.repeat(3000)); // ~6k tokens each
    const vectors = await embedder(fake).embedDocuments([long, ...medium]);
    expect(vectors).toHaveLength(61);
    expect(fake.requests.length).toBeGreaterThan(1);
    expect(fake.requests[0]!.input[0]!.length).toBeLessThan(long.length);
    expect(fake.requests[0]!.input[0]!.length).toBeGreaterThan(20_000);
    expect(fake.requests.flatMap((r) => r.input)).toHaveLength(61);
  });

  it("retries 429 and 500 with backoff, honouring retry-after, then succeeds", async () => {
    fake = await startFake();
    fake.failures.push({ status: 429, headers: { "retry-after-ms": "20" } }, { status: 500 }, { status: 503 });
    // The waits it asked for, not the clock: a loaded machine can only make them longer.
    const timers = vi.spyOn(globalThis, "setTimeout");
    let waits: unknown[] = [];
    const [v] = await embedder(fake)
      .embedDocuments(["retry me"])
      .finally(() => {
        waits = timers.mock.calls.map(([, ms]) => ms);
        timers.mockRestore();
      });
    expect(waits).toContain(20);
    expect(fake.requests).toHaveLength(4);
    expect(Array.from(v!)).toEqual(unit(vectorOf("retry me")).map((x) => Math.fround(x)));
  });

  it("gives up after the last attempt with a retryable error", async () => {
    fake = await startFake();
    for (let i = 0; i < 10; i++) fake.failures.push({ status: 503 });
    const err = await embedder(fake).embedDocuments(["x"]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbedderError);
    expect((err as EmbedderError).retryable).toBe(true);
    expect((err as EmbedderError).message).toMatch(/server error \(503\).*gave up after 4 attempts/);
    expect(fake.requests).toHaveLength(4);
  });

  it("fails fast on a rejected key with one actionable line", async () => {
    fake = await startFake();
    fake.failures.push({ status: 401, body: { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } } });
    const err = (await embedder(fake, "sk-bad").embedQuery("x").catch((e: unknown) => e)) as EmbedderError;
    expect(err).toBeInstanceOf(EmbedderError);
    expect(err.retryable).toBe(false);
    expect(err.message).toBe(
      `openai embeddings: OPENAI_API_KEY was rejected (401): check the key or set embedding.provider = "default" in .nemesis/config.toml`,
    );
    expect(err.message).not.toContain("\n");
    expect(fake.requests).toHaveLength(1);
  });

  it("reports an unreachable server as retryable", async () => {
    fake = await startFake();
    const url = fake.url;
    await fake.close();
    fake = null;
    const e = createOpenAIEmbedder({ apiKey: "k", baseUrl: url, dimensions: DIMS, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 } });
    const err = (await e.embedDocuments(["x"]).catch((x: unknown) => x)) as EmbedderError;
    expect(err).toBeInstanceOf(EmbedderError);
    expect(err.retryable).toBe(true);
    expect(err.message).toContain("cannot reach");
  });

  it("names the model, server and dimensions in its id and embeds empty text as zeros without asking", async () => {
    fake = await startFake();
    const e = embedder(fake);
    expect(e.id).toBe(`openai:text-embedding-3-small@${fake.url.replace("http://", "")}-${DIMS}`);
    expect(createOpenAIEmbedder({ apiKey: "k" }).id).toBe("openai:text-embedding-3-small-1536");
    const [v] = await e.embedDocuments(["  "]);
    expect(Array.from(v!)).toEqual(new Array(DIMS).fill(0));
    expect(fake.requests).toHaveLength(0);
  });
});
