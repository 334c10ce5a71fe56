import Database from "better-sqlite3";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CONFIG_TEMPLATE } from "../../src/config/index.js";
import { runCli, tempDir } from "../helpers.js";

const write = (root: string, rel: string, text: string): void => {
  mkdirSync(join(root, rel, ".."), { recursive: true });
  writeFileSync(join(root, rel), text);
};

/** The FileDeleted events of the project's log, by path. */
const deletedPaths = (root: string): string[] => {
  const db = new Database(join(root, ".nemesis", "events.db"), { readonly: true });
  try {
    return (db.prepare("SELECT json_extract(data, '$.path') FROM events WHERE type = 'FileDeleted' ORDER BY position").pluck().all() as string[]);
  } finally {
    db.close();
  }
};

const eventCount = (root: string): number => {
  const db = new Database(join(root, ".nemesis", "events.db"), { readonly: true });
  try {
    return db.prepare("SELECT COUNT(*) FROM events").pluck().get() as number;
  } finally {
    db.close();
  }
};

describe("nemesis index [path]: which project, which part", () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it("outside any project, creates one as init would and says so in one line on stderr", () => {
    const t = tempDir();
    cleanup = t.cleanup;
    write(t.dir, "a.ts", "export const a = 1;\n");
    writeFileSync(join(t.dir, ".gitignore"), "node_modules\n");
    const first = runCli(t.dir, ["index", "--json"]);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe(`created a Nemesis project in ${t.dir} (.nemesis/, added to .gitignore)\n`);
    expect(JSON.parse(first.stdout).files).toMatchObject({ scanned: 1, changed: 1 });
    expect(readFileSync(join(t.dir, ".nemesis", "config.toml"), "utf8")).toBe(CONFIG_TEMPLATE);
    expect(readFileSync(join(t.dir, ".gitignore"), "utf8")).toBe("node_modules\n.nemesis/\n");

    const again = runCli(t.dir, ["index", "--json"]);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe("");
  });

  it("inside a project, indexes only the part named, infers deletions only there, and never nests a project", () => {
    const t = tempDir();
    cleanup = t.cleanup;
    write(t.dir, "a.ts", "export const a = 1;\n");
    write(t.dir, "lib/b.ts", "export const b = 2;\n");
    write(t.dir, "lib/deep/c.ts", "export const c = 3;\n");
    expect(runCli(t.dir, ["init"]).code).toBe(0);

    const part = runCli(t.dir, ["index", "lib", "--json"]);
    expect(part.stderr).toBe("");
    expect(part.code).toBe(0);
    expect(existsSync(join(t.dir, "lib", ".nemesis"))).toBe(false);
    expect(existsSync(join(t.dir, "lib", ".gitignore"))).toBe(false);
    const summary = JSON.parse(part.stdout);
    expect(summary).toMatchObject({ root: t.dir, scope: "lib", files: { scanned: 2, changed: 2, deleted: 0 } });

    expect(runCli(t.dir, ["index", "--json"]).code).toBe(0);
    rmSync(join(t.dir, "a.ts"));
    rmSync(join(t.dir, "lib", "deep", "c.ts"));
    // From a directory below the root, "." is that part of the enclosing project.
    const below = runCli(join(t.dir, "lib"), ["index", ".", "--json"]);
    expect(below.code).toBe(0);
    expect(JSON.parse(below.stdout)).toMatchObject({ root: t.dir, scope: "lib", files: { scanned: 1, deleted: 1 } });
    expect(deletedPaths(t.dir)).toEqual(["lib/deep/c.ts"]);
    expect(runCli(t.dir, ["index", "lib"]).stdout).toMatch(/^indexed lib\/ of the project /);

    const whole = JSON.parse(runCli(join(t.dir, "lib"), ["index", "--json"]).stdout);
    expect(whole).toMatchObject({ scope: null, files: { deleted: 1 } });
    expect(deletedPaths(t.dir)).toEqual(["lib/deep/c.ts", "a.ts"]);
  });

  it("refuses a path outside the project or not a directory with one line, creating and recording nothing", () => {
    const t = tempDir();
    const outside = tempDir();
    cleanup = () => {
      t.cleanup();
      outside.cleanup();
    };
    write(t.dir, "a.ts", "export const a = 1;\n");
    write(outside.dir, "x.ts", "export const x = 1;\n");
    expect(runCli(t.dir, ["index"]).code).toBe(0);
    const before = eventCount(t.dir);

    const r = runCli(t.dir, ["index", outside.dir]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain(`is outside the project ${t.dir}`);
    expect(r.stderr).toContain(`nemesis init ${outside.dir}`);
    expect(existsSync(join(outside.dir, ".nemesis"))).toBe(false);

    const viaRoot = runCli(outside.dir, ["--root", t.dir, "index", outside.dir]);
    expect(viaRoot.code).toBe(2);
    expect(viaRoot.stderr).toContain("is outside the project");

    const file = runCli(t.dir, ["index", "a.ts"]);
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(/a\.ts is not a directory/);
    expect(eventCount(t.dir)).toBe(before);
  });
});
