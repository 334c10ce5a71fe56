import { describe, expect, it } from "vitest";
import { parseLogArgs } from "../../src/cli/subcommands/log.js";

describe("nemesis log fast path (no commander)", () => {
  it("reads the options commander would", () => {
    const p = parseLogArgs(["--root", "/p", "log", "--limit=5", "--type", "RuleStored", "--stream", "rule:", "--source", "cli", "--json"]);
    expect(p).toEqual({ globals: { root: "/p" }, options: { limit: 5, type: "RuleStored", stream: "rule:", source: "cli", json: true } });
    expect(parseLogArgs(["log"])).toEqual({ globals: {}, options: { limit: 50 } });
    expect(parseLogArgs(["log", "--memory"])).toEqual({ globals: {}, options: { limit: 50, memory: true } });
    expect(parseLogArgs(["log", "--since", "2026-11-20", "--follow"])?.options).toMatchObject({ follow: true, since: expect.stringMatching(/^2026-11-(19|20)T/) });
  });

  it("leaves to commander whatever needs explaining: help, unknown options, stray arguments, bad values, repeats", () => {
    for (const args of [
      ["log", "--help"],
      ["log", "-h"],
      ["log", "--limt", "5"],
      ["log", "extra"],
      ["log", "--limit", "x"],
      ["log", "--since", "yesterday-ish"],
      ["log", "--limit", "1", "--limit", "2"],
      ["log", "--json=yes"],
      ["log", "--memory=yes"],
      ["log", "--json", "--json"],
      ["log", "--limit"],
      ["log", "--stream", "--json"],
      ["log", "-n", "5"],
      ["log", "--", "extra"],
      ["log", "log"],
      ["--root", "/p"],
      ["status"],
    ]) {
      expect(parseLogArgs(args), args.join(" ")).toBeUndefined();
    }
  });
});
