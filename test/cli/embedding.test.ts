import Database from "better-sqlite3";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../helpers.js";
import { runCliInProcess } from "./runCliInProcess.js";
import { spawnCli } from "./spawnCli.js";

const DIMS = 8;

/** A local server speaking POST /v1/embeddings; it counts the texts it was sent. */
const startFakeOpenAI = async (): Promise<{ url: string; texts: string[]; close: () => Promise<void> }> => {
  const texts: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const { input, model } = JSON.parse(body) as { input: string[]; model: string };
      texts.push(...input);
      const data = input.map((_, index) => ({ object: "embedding", index, embedding: Array.from({ length: DIMS }, (_, i) => (i === index % DIMS ? 1 : 0.1)) }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data, model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, texts, close: () => new Promise((r) => server.close(() => r())) };
};

const project = (dir: string, embedding: string): void => {
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "src", "auth.ts"), "export function login(user: string): boolean {\n  return user.length > 0;\n}\n");
  mkdirSync(join(dir, ".nemesis"), { recursive: true });
  writeFileSync(join(dir, ".nemesis", "config.toml"), `[embedding]\n${embedding}\n`);
};

const { OPENAI_API_KEY: _ignored, ...withoutKey } = process.env;
const withKey = { ...withoutKey, OPENAI_API_KEY: "sk-test" };
// The built CLI sends chunks to the API once; the other command lines run in this process.
const inProcess = (dir: string, args: string[], key: "sk-test" | undefined) => runCliInProcess(dir, args, { OPENAI_API_KEY: key });

describe("embeddings leave the machine only when the config says openai", () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });
  const setUp = async (embedding: (url: string) => string) => {
    const t = tempDir();
    const fake = await startFakeOpenAI();
    cleanups.push(t.cleanup, fake.close);
    project(t.dir, embedding(fake.url));
    return { dir: t.dir, fake };
  };

  it("with OPENAI_API_KEY set, the default and an old config's \"auto\" embed offline and say so", async () => {
    for (const line of ["", `provider = "auto"`]) {
      const { dir, fake } = await setUp((url) => `${line}\nbase_url = "${url}"\ndimensions = ${DIMS}`);
      const index = await inProcess(dir, ["index"], "sk-test");
      expect(index.code).toBe(0);
      expect(fake.texts).toEqual([]);
      expect(index.stdout).toMatch(/^embedding default hash-v\d+-8 \(offline: nothing leaves this machine\)/m);
      expect(index.stdout.includes(`provider "auto" means this offline embedder now`)).toBe(line !== "");
      const status = JSON.parse((await inProcess(dir, ["status", "--json"], "sk-test")).stdout);
      expect(status.embedding).toMatchObject({ provider: "default", sendsTo: null, problem: null, autoIsOffline: line !== "" });
      expect(fake.texts).toEqual([]);
    }
  });

  it("provider = \"openai\" sends chunk text to the API and init, index and status name where", async () => {
    const { dir, fake } = await setUp((url) => `provider = "openai"\nbase_url = "${url}"\ndimensions = ${DIMS}`);
    const where = `embedding openai text-embedding-3-small — chunk text is sent to ${fake.url}`;
    const init = await inProcess(dir, ["init"], "sk-test");
    expect(init.stdout).toContain(`embeddings: openai text-embedding-3-small — chunk text is sent to ${fake.url}\n`);
    const index = await spawnCli(dir, ["index"], withKey);
    expect({ code: index.code, stderr: index.stderr }).toEqual({ code: 0, stderr: "" });
    expect(index.stdout).toContain(`${where}\n`);
    expect(fake.texts.some((t) => t.includes("function login"))).toBe(true);
    expect((await inProcess(dir, ["status"], "sk-test")).stdout).toContain(`${where}\n`);
  });

  it("provider = \"openai\" without a key stops index before it records anything, with one line saying so", async () => {
    const { dir, fake } = await setUp((url) => `provider = "openai"\nbase_url = "${url}"`);
    const index = await inProcess(dir, ["index"], undefined);
    expect(index.code).toBe(1);
    expect(index.stderr).toBe(
      `nemesis: embedding.provider = "openai" needs OPENAI_API_KEY in the environment (or set provider = "default" in .nemesis/config.toml)\n`,
    );
    const log = new Database(join(dir, ".nemesis", "events.db"), { readonly: true });
    try {
      expect(log.prepare("SELECT COUNT(*) FROM events").pluck().get()).toBe(0);
    } finally {
      log.close();
    }
    const status = await inProcess(dir, ["status"], undefined);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^embedding openai .*; cannot embed: embedding\.provider = "openai" needs OPENAI_API_KEY/m);
    expect(fake.texts).toEqual([]);
  });
});
