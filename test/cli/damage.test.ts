import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { indexedFixtureCopy } from "../fixtureCache.js";
import { damageFile } from "../projections/damage/damageFile.js";
import { removeDir } from "../sources/scan/helpers.js";
import { spawnCli } from "./spawnCli.js";

/** What a person sees of damage on disk through the built CLI: one line on stderr, and what to do about it. */
describe("damaged files under .nemesis/, through the CLI", () => {
  let root: string;
  beforeEach(async () => {
    root = await indexedFixtureCopy("resolve/ts-basic");
  });
  afterEach(() => removeDir(root));

  it("a damaged read model: one line says it is being rebuilt from the log, and the answer is whole", async () => {
    damageFile(join(root, ".nemesis", "chunks.lance", "keyword.db"), "header");
    const r = await spawnCli(root, ["query", "get_code_semantics", "--query", "slugify title"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("nemesis: .nemesis/chunks.lance/keyword.db is damaged (its header is not SQLite's): rebuilding the chunks read model from the log\n");
    expect(r.stdout).toMatch(/^src\/render\.ts:/);
    expect(r.stdout).not.toMatch(/index catching up/);
  });

  it("a damaged log: one line says what to do, the command fails, and the file is left exactly as it was", async () => {
    const log = join(root, ".nemesis", "events.db");
    damageFile(log, "header");
    const sha = () => createHash("sha256").update(readFileSync(log)).digest("hex");
    const before = sha();
    const files = readdirSync(join(root, ".nemesis")).sort();
    const r = await spawnCli(root, ["index", "--no-progress"]);
    expect(r.code).toBe(1);
    expect(r.stderr.split("\n")).toEqual([expect.stringMatching(/^nemesis: .*\.nemesis\/events\.db is damaged \(its header is not SQLite's\)\. Nemesis leaves it exactly as it is: .* `nemesis replay`/), ""]);
    expect(sha()).toBe(before);
    expect(readdirSync(join(root, ".nemesis")).sort()).toEqual(files);
  });
});
