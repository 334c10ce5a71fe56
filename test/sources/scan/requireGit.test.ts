import { lstatSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as Either from "effect/Either";
import { describe, expect, it } from "vitest";
import { insideGitRepo, scanProject } from "../../../src/sources/scan/index.js";
import { CONFIG_TEMPLATE, loadConfig, nemesisPaths } from "../../../src/config/index.js";
import { indexProject, inlineParser } from "../../../src/engine/index.js";
import { closeEventLog, openEventLog, readEvents } from "../../../src/events/index.js";
import { git, hasGit, initRepo, SCAN_DEFAULTS, tempDir, trackedDirs, write } from "./helpers.js";

if (!hasGit) console.warn("requireGit.test: `git` is not installed; the linked-worktree test is skipped");

const track = trackedDirs();
const paths = (r: Awaited<ReturnType<typeof scanProject>>) => r.files.map((f) => f.path).sort();

/** A project whose .gitignore files would hide source, beside what the defaults and config globs hide. */
const project = (root: string) => {
  write(root, ".gitignore", "cobra\n*.gen.go\n");
  write(root, "cobra/cmd/init.go", "package cmd\n");
  write(root, "api.gen.go", "package main\n");
  write(root, "main.go", "package main\n");
  write(root, "sub/.gitignore", "local.go\n");
  write(root, "sub/local.go", "package sub\n");
  write(root, "docs/example.ts", "export const e = 1;\n");
  write(root, "node_modules/dep/index.js", "module.exports = 1;\n");
  write(root, "dist/out.js", "var built = 1;\n");
  write(root, "package-lock.json", "{}\n");
  write(root, ".nemesis/config.toml", "");
};

/** A temp dir no repository contains, or the test cannot say anything about "outside git". */
const outsideRepo = (): string => {
  const root = track(tempDir());
  expect(insideGitRepo(root), `${root} sits inside a git repository; these tests need a temp dir outside one`).toBe(false);
  return root;
};

describe("scan outside a git repository", () => {
  it("does not apply .gitignore; the defaults and the config's globs still apply", async () => {
    const root = outsideRepo();
    project(root);
    expect(paths(await scanProject(root, SCAN_DEFAULTS))).toEqual(["api.gen.go", "cobra/cmd/init.go", "docs/example.ts", "main.go", "sub/local.go"]);
    const withGlobs = await scanProject(root, { ...SCAN_DEFAULTS, ignore: ["docs/**", "*.gen.go"] });
    expect(paths(withGlobs)).toEqual(["cobra/cmd/init.go", "main.go", "sub/local.go"]);
  });

  it("applies .gitignore anyway with requireGit false", async () => {
    const root = outsideRepo();
    project(root);
    expect(paths(await scanProject(root, { ...SCAN_DEFAULTS, requireGit: false }))).toEqual(["docs/example.ts", "main.go"]);
  });

  it("applies a nested clone's own .gitignore inside it, and the outer one nowhere", async () => {
    const root = outsideRepo();
    write(root, ".gitignore", "*.gen.go\n");
    write(root, "a.gen.go", "package a\n");
    write(root, "lib/.gitignore", "gen/\n");
    write(root, "lib/b.gen.go", "package lib\n");
    write(root, "lib/gen/c.go", "package gen\n");
    write(root, "lib/d.go", "package lib\n");
    initRepo(join(root, "lib"));
    expect(paths(await scanProject(root, SCAN_DEFAULTS))).toEqual(["a.gen.go", "lib/b.gen.go", "lib/d.go"]);
    expect(paths(await scanProject(root, { ...SCAN_DEFAULTS, scope: "lib" }))).toEqual(["lib/b.gen.go", "lib/d.go"]);
  });
});

describe("scan inside a git repository", () => {
  it("applies .gitignore when the .git is in an ancestor of the root", async () => {
    const top = outsideRepo();
    initRepo(top);
    const root = join(top, "svc");
    mkdirSync(root);
    project(root);
    expect(insideGitRepo(root)).toBe(true);
    expect(paths(await scanProject(root, SCAN_DEFAULTS))).toEqual(["docs/example.ts", "main.go"]);
  });

  it.skipIf(!hasGit)("applies .gitignore in a linked worktree, whose .git is a file", async () => {
    const repo = outsideRepo();
    git(repo, "init", "-q");
    write(repo, "main.go", "package main\n");
    git(repo, "add", ".");
    git(repo, "commit", "-q", "-m", "first");
    const worktree = join(outsideRepo(), "wt");
    git(repo, "worktree", "add", "-q", worktree);
    expect(lstatSync(join(worktree, ".git")).isFile()).toBe(true);
    write(worktree, ".gitignore", "cobra\n");
    write(worktree, "cobra/cmd/init.go", "package cmd\n");
    expect(paths(await scanProject(worktree, SCAN_DEFAULTS))).toEqual(["main.go"]);
  });
});

describe("config [index] require_git", () => {
  const configFile = (text: string): string => {
    const file = join(track(tempDir()), "config.toml");
    writeFileSync(file, text);
    return file;
  };

  it("is true by default, and false when the file says so", () => {
    expect(Either.getOrThrow(loadConfig(configFile(""))).index.require_git).toBe(true);
    expect(Either.getOrThrow(loadConfig(configFile("[index]\nrequire_git = false\n"))).index.require_git).toBe(false);
  });

  it("rejects a value that is not a boolean, naming the key and what to write", () => {
    const file = configFile('[index]\nrequire_git = "false"\n');
    const result = loadConfig(file);
    expect(Either.isLeft(result)).toBe(true);
    const message = Either.isLeft(result) ? result.left.message : "";
    expect(message).toContain(file);
    expect(message).toContain("require_git must be true or false, without quotes (got \"false\")");
  });

  it("is documented in the template nemesis init writes, with its default", () => {
    const uncommented = CONFIG_TEMPLATE.replace("# require_git = true", "require_git = true");
    expect(uncommented).not.toBe(CONFIG_TEMPLATE);
    expect(Either.getOrThrow(loadConfig(configFile(uncommented))).index.require_git).toBe(true);
  });

  it("reaches the scan of nemesis index", async () => {
    const root = outsideRepo();
    project(root);
    writeFileSync(join(root, ".nemesis", "config.toml"), "[index]\nrequire_git = false\n");
    const paths = nemesisPaths(root);
    const log = openEventLog(paths.events);
    try {
      const config = Either.getOrThrow(loadConfig(paths.config));
      await indexProject({ paths, config, log }, { parser: inlineParser, projections: ["catalog"] });
      const recorded = readEvents(log, { streamPrefix: "file:" })
        .filter((e) => e.type === "FileChanged")
        .map((e) => (e.data as { path: string }).path)
        .sort();
      expect(recorded).toEqual(["docs/example.ts", "main.go"]);
    } finally {
      closeEventLog(log);
    }
  });
});
