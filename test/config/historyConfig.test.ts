import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as Either from "effect/Either";
import { afterAll, describe, expect, it } from "vitest";
import { CONFIG_TEMPLATE, defaultConfig, loadConfig } from "../../src/config/index.js";

const dir = mkdtempSync(join(tmpdir(), "nemesis-historyconfig-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const load = (name: string, text: string) => {
  const path = join(dir, `${name}.toml`);
  writeFileSync(path, text);
  return loadConfig(path);
};

describe("[history] in .nemesis/config.toml", () => {
  it("defaults to on, the last two years or 10,000 commits", () => {
    expect(defaultConfig().history).toEqual({ enabled: true, max_commits: 10_000, since_days: 730 });
  });

  it("the template's [history] lines, uncommented, are the defaults", () => {
    const section = CONFIG_TEMPLATE.slice(CONFIG_TEMPLATE.indexOf("[history]"), CONFIG_TEMPLATE.indexOf("[mcp]"));
    const uncommented = section.replace(/^# ((?:enabled|max_commits|since_days) = .*)$/gm, "$1");
    expect(Either.getOrThrow(load("template", uncommented)).history).toEqual(defaultConfig().history);
  });

  it("reads its bounds, and refuses ones that mean nothing", () => {
    expect(Either.getOrThrow(load("set", "[history]\nenabled = false\nmax_commits = 500\nsince_days = 90\n")).history).toEqual({
      enabled: false,
      max_commits: 500,
      since_days: 90,
    });
    for (const [name, text] of [
      ["zero", "[history]\nmax_commits = 0\n"],
      ["fraction", "[history]\nmax_commits = 2.5\n"],
      ["negative", "[history]\nsince_days = -1\n"],
      ["unknown", "[history]\nbranches = 3\n"],
    ] as const) {
      expect(Either.isLeft(load(name, text)), name).toBe(true);
    }
  });
});
