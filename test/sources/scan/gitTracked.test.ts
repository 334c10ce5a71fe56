import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTrackedFiles, scanProject, trackedFilesFrom } from "../../../src/sources/scan/index.js";
import { git, hasGit, SCAN_DEFAULTS, tempDir, trackedDirs, write } from "./helpers.js";

if (!hasGit) console.warn("gitTracked.test: `git` is not installed; the tests that need a real repository are skipped");

const track = trackedDirs();
const paths = (r: Awaited<ReturnType<typeof scanProject>>) => r.files.map((f) => f.path).sort();

/** cobra's history in small: `cobra/cmd/init.go` was committed before `.gitignore` gained `cobra` (meant for the binary). */
const cobraLikeRepo = (root: string) => {
  git(root, "init", "-q");
  write(root, "command.go", "package cobra\n");
  write(root, "cobra/cmd/init.go", "package cmd\n");
  write(root, "node_modules/dep/index.js", "module.exports = 1;\n");
  git(root, "add", "-f", ".");
  git(root, "commit", "-q", "-m", "first");
  write(root, ".gitignore", "cobra\n*.gen.go\n");
  write(root, "cobra/cmd/untracked.go", "package cmd\n");
  write(root, "api.gen.go", "package cobra\n");
  write(root, "later.go", "package cobra\n");
  git(root, "add", ".gitignore", "later.go");
  git(root, "commit", "-q", "-m", "ignore the binary");
};

describe.skipIf(!hasGit)("scan inside a git work tree", () => {
  it("indexes tracked files a later .gitignore pattern matches; untracked ones follow .gitignore", async () => {
    const root = track(tempDir());
    cobraLikeRepo(root);
    const r = await scanProject(root, SCAN_DEFAULTS);
    // init.go is tracked; untracked.go sits in the same ignored directory and api.gen.go matches a pattern;
    // the tracked node_modules file stays out: the built-in defaults are not git's to overrule.
    expect(paths(r)).toEqual(["cobra/cmd/init.go", "command.go", "later.go"]);
  });

  it("keeps the config's globs above git: a tracked file they name stays out", async () => {
    const root = track(tempDir());
    cobraLikeRepo(root);
    const r = await scanProject(root, { ...SCAN_DEFAULTS, ignore: ["cobra/**"] });
    expect(paths(r)).toEqual(["command.go", "later.go"]);
  });

  it("reads paths relative to a root below the top of the work tree", async () => {
    const top = track(tempDir());
    git(top, "init", "-q");
    write(top, "svc/gen/model.go", "package gen\n");
    git(top, "add", ".");
    write(top, "svc/.gitignore", "gen/\n");
    write(top, "svc/gen/fresh.go", "package gen\n");
    const r = await scanProject(join(top, "svc"), SCAN_DEFAULTS);
    expect(paths(r)).toEqual(["gen/model.go"]);
    expect((await readTrackedFiles(join(top, "svc")))?.covers("gen/model.go", false)).toBe(true);
  });

  it("falls back to .gitignore alone when git cannot answer (a broken repository)", async () => {
    const root = track(tempDir());
    write(root, ".git", "gitdir: /nonexistent/nemesis-test\n");
    write(root, ".gitignore", "cobra\n");
    write(root, "cobra/cmd/init.go", "package cmd\n");
    write(root, "main.go", "package main\n");
    expect(await readTrackedFiles(root)).toBeNull();
    expect(paths(await scanProject(root, SCAN_DEFAULTS))).toEqual(["main.go"]);
  });
});

describe("scan outside git", () => {
  it("has nothing tracked outside a work tree, and .gitignore is not applied there (cobra's tree as the eval driver writes it)", async () => {
    const root = track(tempDir());
    write(root, ".gitignore", "cobra\n");
    write(root, "cobra/cmd/init.go", "package cmd\n");
    write(root, "main.go", "package main\n");
    expect(await readTrackedFiles(root)).toBeNull();
    expect(paths(await scanProject(root, SCAN_DEFAULTS))).toEqual(["cobra/cmd/init.go", "main.go"]);
  });

  it("covers tracked files and every directory above them, nothing else", () => {
    const t = trackedFilesFrom("a/b/c.go\0a/d.go\0top.go\0")!;
    expect(t.size).toBe(3);
    expect(["a/b/c.go", "a/d.go", "top.go"].every((p) => t.covers(p, false))).toBe(true);
    expect(t.covers("a", true) && t.covers("a/b", true)).toBe(true);
    expect(t.covers("a/b", false) || t.covers("a/b/c.go", true) || t.covers("a/e.go", false) || t.covers("b", true)).toBe(false);
    expect(trackedFilesFrom("")).toBeNull();
  });
});
