import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { indexTarget } from "../../src/cli/indexTarget.js";
import { implicitProjectMessage, implicitProjectRefusal, refuseImplicitProject } from "../../src/cli/implicitProject.js";
import { tempDir } from "../helpers.js";
import { spawnCli } from "./spawnCli.js";

const facts = { home: "/home/ada", isProject: false, hasMarker: false, requireMarker: true };

describe("which directories a command may use without being told to", () => {
  it("never the filesystem root or the home directory, even with a .nemesis/ an earlier run left there", () => {
    for (const extra of [{}, { isProject: true }, { hasMarker: true }, { requireMarker: false }]) {
      expect(refuseImplicitProject({ ...facts, ...extra, dir: "/" })).toBe("root");
      expect(refuseImplicitProject({ ...facts, ...extra, dir: "/home/ada" })).toBe("home");
      expect(refuseImplicitProject({ ...facts, ...extra, dir: "/home/ada/" })).toBe("home");
    }
  });

  it("for serve, only a project already or a directory with a marker", () => {
    expect(refuseImplicitProject({ ...facts, dir: "/home/ada/Downloads" })).toBe("no-marker");
    expect(refuseImplicitProject({ ...facts, dir: "/home/ada/repo", hasMarker: true })).toBeNull();
    expect(refuseImplicitProject({ ...facts, dir: "/home/ada/notes", isProject: true })).toBeNull();
  });

  it("for init and index, which a person types in the folder they chose, any other directory", () => {
    expect(refuseImplicitProject({ ...facts, dir: "/home/ada/Downloads", requireMarker: false })).toBeNull();
  });

  it("reads the markers and the home directory from disk", () => {
    const t = tempDir();
    try {
      const plain = join(t.dir, "plain");
      const repo = join(t.dir, "repo");
      mkdirSync(plain);
      mkdirSync(join(repo, ".git"), { recursive: true });
      const go = join(t.dir, "go");
      mkdirSync(go);
      writeFileSync(join(go, "go.mod"), "module x\n");
      expect(implicitProjectRefusal(plain, true, "/nowhere")).toBe("no-marker");
      expect(implicitProjectRefusal(repo, true, "/nowhere")).toBeNull();
      expect(implicitProjectRefusal(go, true, "/nowhere")).toBeNull();
      expect(implicitProjectRefusal(repo, true, repo)).toBe("home");
    } finally {
      t.cleanup();
    }
  });

  it("says how to point the server at a repository", () => {
    const message = implicitProjectMessage("serve", "/home/ada", "home");
    expect(message).toContain("/home/ada is your home directory");
    expect(message).toContain("--project");
    expect(message).toContain('"args": ["serve", "--project", "/path/to/repo"]');
  });
});

describe("nemesis serve outside a repository", () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it("exits with the message before creating anything", async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    writeFileSync(join(t.dir, "notes.ts"), "export const x = 1;\n");
    const r = await spawnCli(t.dir, ["serve"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("is not a project root");
    expect(r.stderr).toContain("nemesis serve --project /path/to/repo");
    expect(existsSync(join(t.dir, ".nemesis"))).toBe(false);
    expect(readdirSync(t.dir)).toEqual(["notes.ts"]);
  });
});

describe("init and index in the home directory", () => {
  it("index refuses the home directory it was not given, and indexes it when named", () => {
    const t = tempDir();
    const home = process.env.HOME;
    process.env.HOME = t.dir;
    try {
      expect(() => indexTarget(undefined, undefined, t.dir)).toThrow(/is your home directory: nemesis index will not create \.nemesis\/ there.*nemesis --root .* index/);
      expect(indexTarget(undefined, t.dir, t.dir)).toMatchObject({ root: t.dir, create: true });
      expect(indexTarget(".", undefined, t.dir)).toMatchObject({ root: t.dir, create: true });
      expect(existsSync(join(t.dir, ".nemesis"))).toBe(false);
    } finally {
      process.env.HOME = home;
      t.cleanup();
    }
  });

  it("init without a directory refuses the home directory, creating nothing", async () => {
    const t = tempDir();
    try {
      const r = await spawnCli(t.dir, ["init"], { ...process.env, HOME: t.dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${t.dir} is your home directory`);
      expect(r.stderr).toContain(`nemesis init ${t.dir}`);
      expect(readdirSync(t.dir)).toEqual([]);
      expect((await spawnCli(t.dir, ["init", t.dir], { ...process.env, HOME: t.dir })).code).toBe(0);
    } finally {
      t.cleanup();
    }
  });
});
