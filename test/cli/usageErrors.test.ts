import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers.js";
import { runCliInProcess } from "./runCliInProcess.js";

/** A bad option value is checked before any project is opened, so no project is needed here. */
describe("a bad option value: one line that says what is wrong, once, and exit 2", () => {
  const t = tempDir("nemesis-cli-usage-");
  afterAll(() => t.cleanup());

  const cases: Array<[string[], string]> = [
    [["log", "--limit", "abc"], `--limit must be a whole number of at least 0 (got "abc")`],
    [["log", "--memory", "--limit=1.5"], `--limit must be a whole number of at least 0 (got "1.5")`],
    [["log", "--since", "soonish"], `--since "soonish" is neither a date (2026-11-20, 2026-11-20T14:00) nor a span back from now (30m, 2h, 3d, 1w)`],
    [["search", "tokens", "--limit", "abc"], `--limit must be a whole number of at least 1 (got "abc")`],
    [["search", "tokens", "--limit", "0"], `--limit must be a whole number of at least 1 (got "0")`],
    [["search", "tokens", "--kind", "Banana"], `--kind must be one of Class, Interface, Function, Method, Variable, Type, Enum, Test, Namespace, Module (got "Banana")`],
    [["grep", "x", "--page-size", "0"], `--page-size must be a whole number of at least 1 (got "0")`],
    [["grep", "x", "--offset", "-1"], `--offset must be a whole number of at least 0 (got "-1")`],
    [["grep", "x", "--context", "two"], `--context must be a whole number of at least 0 (got "two")`],
    [["grep", "x", "--max-tokens", "1e3"], `--max-tokens must be a whole number of at least 0 (got "1e3")`],
    [["context", "a task", "--max-tokens", "abc"], `--max-tokens must be a whole number from 500 to 32,000 (got "abc")`],
    [["index", "--workers", "0"], `--workers must be a whole number of at least 1 (got "0")`],
    [["rule", "list", "--limit", "abc"], `--limit must be a whole number of at least 1 (got "abc")`],
    [["decision", "list", "--limit", "abc"], `--limit must be a whole number of at least 1 (got "abc")`],
    [["convention", "list", "--limit", "abc"], `--limit must be a whole number of at least 1 (got "abc")`],
    [
      ["decision", "add", "--title", "t", "--reasoning", "r", "--alternative", "Kafka"],
      `--alternative "Kafka" needs the form "title: reason rejected", e.g. "Postgres: needs a server"`,
    ],
  ];

  it.each(cases)("%j", async (args, message) => {
    const r = await runCliInProcess(t.dir, args);
    expect(r.stderr).toBe(`nemesis: ${message}\n`);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(existsSync(join(t.dir, ".nemesis"))).toBe(false);
  });
});
