import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../helpers.js";

describe("nemesis init", () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it("creates .nemesis with a commented config, an empty log and a .gitignore entry, and is safe to run twice", () => {
    const t = tempDir();
    cleanup = t.cleanup;
    writeFileSync(join(t.dir, ".gitignore"), "node_modules");
    const first = runCli(t.dir, ["init"]);
    expect(first.code).toBe(0);
    expect(existsSync(join(t.dir, ".nemesis", "events.db"))).toBe(true);
    const config = readFileSync(join(t.dir, ".nemesis", "config.toml"), "utf8");
    expect(config).toContain("[embedding]");
    expect(config).toContain("# provider = \"default\"");
    expect(config).not.toContain("\"auto\"");
    expect(first.stdout).toMatch(/^embeddings: default hash-v\d+-768 \(offline: nothing leaves this machine\)$/m);
    expect(readFileSync(join(t.dir, ".gitignore"), "utf8")).toBe("node_modules\n.nemesis/\n");

    writeFileSync(join(t.dir, ".nemesis", "config.toml"), `${config}\n# my edit\n`);
    const second = runCli(t.dir, ["init"]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("already set up");
    expect(readFileSync(join(t.dir, ".gitignore"), "utf8")).toBe("node_modules\n.nemesis/\n");
    expect(readFileSync(join(t.dir, ".nemesis", "config.toml"), "utf8")).toContain("# my edit");
  });

  it("commands outside a project fail with one line that says what to do", () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const r = runCli(t.dir, ["status"]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("nemesis init");
  });

  it("reports a broken config.toml with its line and exits non-zero", () => {
    const t = tempDir();
    cleanup = t.cleanup;
    runCli(t.dir, ["init"]);
    writeFileSync(join(t.dir, ".nemesis", "config.toml"), "[index]\nmax_file_bytes = \n");
    const r = runCli(t.dir, ["status"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/config\.toml: not valid TOML \(line 2/);
    writeFileSync(join(t.dir, ".nemesis", "config.toml"), "[index]\nmax_file_bytes = -3\n");
    const r2 = runCli(t.dir, ["status"]);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toContain("max_file_bytes");
  });

  it("rejects an unknown projection and a missing command with exit code 2", () => {
    const t = tempDir();
    cleanup = t.cleanup;
    runCli(t.dir, ["init"]);
    expect(runCli(t.dir, ["replay", "--projection", "nope"]).code).toBe(2);
    expect(runCli(t.dir, ["frobnicate"]).code).toBe(2);
    expect(runCli(t.dir, ["--help"]).code).toBe(0);
  });
});
