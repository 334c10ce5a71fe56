import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as Either from "effect/Either";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { loadHookConfig } from "../../src/config/hookConfig.js";

const dir = mkdtempSync(join(tmpdir(), "nemesis-hookconfig-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** The keys the hooks read, as the full config decodes them. */
const fromFullConfig = (path: string) => {
  const c = Either.getOrThrow(loadConfig(path));
  return {
    name: c.project.name,
    languages: c.project.languages,
    ignore: c.index.ignore,
    requireGit: c.index.require_git,
    maxFileBytes: c.index.max_file_bytes,
    maxLineLength: c.index.max_line_length,
  };
};

describe("the hooks' light config reader", () => {
  it.each([
    ["missing", null],
    ["empty", ""],
    ["the defaults spelled out", "[project]\nname = \"\"\nlanguages = []\n[index]\nignore = []\nrequire_git = true\nmax_file_bytes = 1000000\nmax_line_length = 1000\n"],
    ["everything set", "[project]\nname = \"shop\"\nlanguages = [\"python\"]\n[index]\nignore = [\"docs/**\"]\nrequire_git = false\nmax_file_bytes = 5000\nmax_line_length = 80\n[memory]\nauto_learn = true\n[hooks]\ncontext_tokens = 2000\n"],
  ])("reads what loadConfig reads (%s)", (name, text) => {
    const path = text === null ? join(dir, "absent.toml") : write(`${name}.toml`, text);
    expect(loadHookConfig(path)).toEqual({ ok: true, config: fromFullConfig(path) });
  });

  it("refuses what loadConfig refuses, saying what to fix", () => {
    expect(loadHookConfig(write("bad.toml", "[index\n"))).toMatchObject({ ok: false, reason: expect.stringContaining("not valid TOML") });
    const wrong = write("wrong.toml", "[index]\nrequire_git = \"false\"\nmax_file_bytes = -1\n");
    expect(Either.isLeft(loadConfig(wrong))).toBe(true);
    expect(loadHookConfig(wrong)).toEqual({ ok: false, reason: `${wrong}: index.require_git must be true or false, without quotes; index.max_file_bytes must be a positive number` });
  });
});
