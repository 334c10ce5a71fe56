import Database from "better-sqlite3";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { indexTarget } from "../../src/cli/indexTarget.js";
import { CONFIG_TEMPLATE } from "../../src/config/index.js";
import { tempDir } from "../helpers.js";
import { runCliInProcess } from "./runCliInProcess.js";
import { spawnCli } from "./spawnCli.js";

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

/** The paths of the project's FileChanged events, in order. */
const changedPaths = (root: string): string[] => {
  const db = new Database(join(root, ".nemesis", "events.db"), { readonly: true });
  try {
    return db.prepare("SELECT json_extract(data, '$.path') FROM events WHERE type = 'FileChanged' ORDER BY position").pluck().all() as string[];
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

/** The built CLI for a first index; the other command lines run in this process (the same code, no spawn). */
describe("nemesis index [path]: which project, which part", () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it("outside any project, creates one as init would and says so in one line on stderr", async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    write(t.dir, "a.ts", "export const a = 1;\n");
    writeFileSync(join(t.dir, ".gitignore"), "node_modules\n");
    const first = await spawnCli(t.dir, ["index", "--json"]);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe(`created a Nemesis project in ${t.dir} (.nemesis/, added to .gitignore)\n`);
    expect(JSON.parse(first.stdout).files).toMatchObject({ scanned: 1, changed: 1 });
    expect(readFileSync(join(t.dir, ".nemesis", "config.toml"), "utf8")).toBe(CONFIG_TEMPLATE);
    expect(readFileSync(join(t.dir, ".gitignore"), "utf8")).toBe("node_modules\n.nemesis/\n");

    const again = await runCliInProcess(t.dir, ["index", "--json"]);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe("");
  });

  it("inside a project, indexes only the part named, infers deletions only there, and never nests a project", async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    write(t.dir, "a.ts", "export const a = 1;\n");
    write(t.dir, "lib/b.ts", "export const b = 2;\n");
    write(t.dir, "lib/deep/c.ts", "export const c = 3;\n");
    expect((await runCliInProcess(t.dir, ["init"])).code).toBe(0);

    const part = await runCliInProcess(t.dir, ["index", "lib", "--json"]);
    expect(part.stderr).toBe("");
    expect(part.code).toBe(0);
    expect(existsSync(join(t.dir, "lib", ".nemesis"))).toBe(false);
    expect(existsSync(join(t.dir, "lib", ".gitignore"))).toBe(false);
    const summary = JSON.parse(part.stdout);
    expect(summary).toMatchObject({ root: t.dir, scope: "lib", files: { scanned: 2, changed: 2, deleted: 0 } });

    expect((await runCliInProcess(t.dir, ["index", "--json"])).code).toBe(0);
    rmSync(join(t.dir, "a.ts"));
    rmSync(join(t.dir, "lib", "deep", "c.ts"));
    // From a directory below the root, "." is that part of the enclosing project.
    const below = await runCliInProcess(join(t.dir, "lib"), ["index", ".", "--json"]);
    expect(below.code).toBe(0);
    expect(JSON.parse(below.stdout)).toMatchObject({ root: t.dir, scope: "lib", files: { scanned: 1, deleted: 1 } });
    expect(deletedPaths(t.dir)).toEqual(["lib/deep/c.ts"]);
    expect((await runCliInProcess(t.dir, ["index", "lib"])).stdout).toMatch(/^indexed lib\/ of the project /);

    const whole = JSON.parse((await runCliInProcess(join(t.dir, "lib"), ["index", "--json"])).stdout);
    expect(whole).toMatchObject({ scope: null, files: { deleted: 1 } });
    expect(deletedPaths(t.dir)).toEqual(["lib/deep/c.ts", "a.ts"]);
  });

  it("refuses a path outside the project or not a directory with one line, creating and recording nothing", async () => {
    const t = tempDir();
    const outside = tempDir();
    cleanup = () => {
      t.cleanup();
      outside.cleanup();
    };
    write(t.dir, "a.ts", "export const a = 1;\n");
    write(outside.dir, "x.ts", "export const x = 1;\n");
    expect((await runCliInProcess(t.dir, ["index"])).code).toBe(0);
    const before = eventCount(t.dir);

    const r = await runCliInProcess(t.dir, ["index", outside.dir]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain(`is outside the project ${t.dir}`);
    expect(r.stderr).toContain(`nemesis init ${outside.dir}`);
    expect(existsSync(join(outside.dir, ".nemesis"))).toBe(false);

    const viaRoot = await runCliInProcess(outside.dir, ["--root", t.dir, "index", outside.dir]);
    expect(viaRoot.code).toBe(2);
    expect(viaRoot.stderr).toContain("is outside the project");

    const missing = await runCliInProcess(t.dir, ["index", "b.ts"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/b\.ts does not exist/);
    expect(eventCount(t.dir)).toBe(before);
  });

  /** An initialised project holding a.ts and `files`, and a folder outside any project holding x.ts. */
  const projectAndElsewhere = async (files: Record<string, string>) => {
    const t = tempDir();
    const elsewhere = tempDir();
    cleanup = () => {
      t.cleanup();
      elsewhere.cleanup();
    };
    write(t.dir, "a.ts", "export const a = 1;\n");
    for (const [path, text] of Object.entries(files)) write(t.dir, path, text);
    write(elsewhere.dir, "x.ts", "export const x = 1;\n");
    expect((await runCliInProcess(t.dir, ["init"])).code).toBe(0);
    return { t, elsewhere };
  };

  it("a file: the project is found upward from it, as git finds its repository", async () => {
    const { t, elsewhere } = await projectAndElsewhere({ "lib/b.ts": "export const b = 2;\n" });
    const root = t.dir;
    expect(indexTarget(join(t.dir, "lib", "b.ts"), undefined, elsewhere.dir)).toEqual({ root, file: "lib/b.ts", create: false });
    expect(indexTarget("b.ts", undefined, join(t.dir, "lib"))).toEqual({ root, file: "lib/b.ts", create: false });
    expect(indexTarget(join(t.dir, "a.ts"), t.dir, elsewhere.dir)).toEqual({ root, file: "a.ts", create: false });
    expect(() => indexTarget(join(elsewhere.dir, "x.ts"), undefined, elsewhere.dir)).toThrow(/x\.ts is in no Nemesis project \(no \.nemesis\/ in its folder or any above it\)/);
    expect(() => indexTarget(join(elsewhere.dir, "x.ts"), t.dir, elsewhere.dir)).toThrow(/is outside the project/);
  });

  it("indexes one file of its project and says what was indexed; a file outside any project is an error", async () => {
    const { t, elsewhere } = await projectAndElsewhere({ "lib/b.ts": "export function b() { return 2; }\n", "notes.txt": "not code\n" });

    const one = await runCliInProcess(elsewhere.dir, ["index", join(t.dir, "lib", "b.ts"), "--json"]);
    expect(one.stderr).toBe("");
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ root: t.dir, scope: null, file: "lib/b.ts", files: { scanned: 1, changed: 1, deleted: 0 }, parse: { parsed: 1 } });
    expect(changedPaths(t.dir)).toEqual(["lib/b.ts"]);

    const text = await runCliInProcess(join(t.dir, "lib"), ["index", "b.ts"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^indexed lib/b\\.ts of the project ${t.dir} \\(the rest of it is left as it was\\)\n`));

    const txt = await runCliInProcess(t.dir, ["index", "notes.txt"]);
    expect(txt.code).toBe(0);
    expect(txt.stdout).toMatch(/^nothing indexed: notes\.txt is in no language Nemesis indexes\n/);

    const outside = await runCliInProcess(elsewhere.dir, ["index", "x.ts"]);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/^nemesis: x\.ts is in no Nemesis project .*nemesis init/);
    expect(existsSync(join(elsewhere.dir, ".nemesis"))).toBe(false);
    expect(changedPaths(t.dir)).toEqual(["lib/b.ts"]);
  });
});
