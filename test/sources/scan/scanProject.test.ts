import { chmodSync, symlinkSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inspectFile, scanProject, walkProject } from "../../../src/sources/scan/index.js";
import { hashContent } from "../../../src/shared/sourceFile/hashContent.js";
import { copyFixture, mkfifo, removeDir, runningAsRoot, SCAN_DEFAULTS, tempDir, write } from "./helpers.js";

const dirs: string[] = [];
const track = (d: string) => (dirs.push(d), d);
afterEach(() => {
  for (const d of dirs.splice(0)) {
    try {
      chmodSync(join(d, "locked.ts"), 0o644);
    } catch {
      /* not every test locks a file */
    }
    removeDir(d);
  }
});

const skipOf = (r: Awaited<ReturnType<typeof scanProject>>, path: string) => r.skipped.find((s) => s.path === path)?.reason;
const paths = (r: Awaited<ReturnType<typeof scanProject>>) => r.files.map((f) => f.path).sort();

describe("scanProject: what is indexed", () => {
  it("honours nested .gitignore files, negations, defaults and config globs", async () => {
    const root = track(copyFixture("basic"));
    write(root, "node_modules/dep/index.js", "module.exports = {};\n");
    write(root, "generated/gen.ts", "export const g = 1;\n");
    write(root, "dist/out.js", "var built = 1;\n");
    write(root, "src/__pycache__/x.py", "x = 1\n");
    const all = await scanProject(root, SCAN_DEFAULTS);
    expect(paths(all)).toEqual(["docs/example.ts", "package.json", "src/math.ts", "src/nested/use.ts", "src/tool.py"]);
    expect(all.skipped).toEqual([]);
    const withGlobs = await scanProject(root, { ...SCAN_DEFAULTS, ignore: ["docs/**", "*.py"] });
    expect(paths(withGlobs)).toEqual(["package.json", "src/math.ts", "src/nested/use.ts"]);
  });

  it("scans a scope with paths relative to the root and the root's .gitignore still applied", async () => {
    const root = track(copyFixture("basic"));
    write(root, "src/generated/gen.ts", "export const g = 1;\n");
    const r = await scanProject(root, { ...SCAN_DEFAULTS, scope: "src/nested" });
    expect(paths(r)).toEqual(["src/nested/use.ts"]);
    const src = await scanProject(root, { ...SCAN_DEFAULTS, scope: "src" });
    expect(paths(src)).toEqual(["src/math.ts", "src/nested/use.ts", "src/tool.py"]);
  });

  it("scans nothing in a scope the full scan ignores, so a scoped index never adds what a full one drops", async () => {
    const root = track(copyFixture("basic"));
    write(root, "src/generated/gen.ts", "export const g = 1;\n");
    write(root, "node_modules/dep/index.js", "module.exports = {};\n");
    for (const scope of ["src/generated", "node_modules/dep", "src/__pycache__"]) {
      write(root, `${scope}/x.py`, "x = 1\n");
      const r = await scanProject(root, { ...SCAN_DEFAULTS, scope });
      expect({ scope, files: paths(r) }).toEqual({ scope, files: [] });
    }
    const withGlob = await scanProject(root, { ...SCAN_DEFAULTS, ignore: ["docs/**"], scope: "docs" });
    expect(paths(withGlob)).toEqual([]);
  });

  it("hashes content, so the same bytes give the same hash wherever they live", async () => {
    const root = track(tempDir());
    write(root, "a.ts", "export const a = 1;\n");
    write(root, "b/a.ts", "export const a = 1;\n");
    const r = await scanProject(root, SCAN_DEFAULTS);
    expect(r.files.map((f) => f.contentHash)).toEqual([hashContent(Buffer.from("export const a = 1;\n")), hashContent(Buffer.from("export const a = 1;\n"))]);
    expect(r.files[0]).toMatchObject({ language: "typescript", size: 20 });
  });

  it("keeps to the configured languages, manifests always included", async () => {
    const root = track(copyFixture("basic"));
    const r = await scanProject(root, { ...SCAN_DEFAULTS, languages: ["python"] });
    expect(paths(r)).toEqual(["package.json", "src/tool.py"]);
  });
});

describe("scanProject: bad input is skipped with a reason, never fatal", () => {
  it("random bytes named .ts are binary", async () => {
    const root = track(tempDir());
    const bytes = Buffer.alloc(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256;
    write(root, "noise.ts", bytes);
    // No NUL at all, but mostly undecodable: still binary.
    write(root, "noise2.ts", Buffer.from(bytes.map((b) => (b === 0 ? 0x80 : b | 0x80))));
    const r = await scanProject(root, SCAN_DEFAULTS);
    expect(skipOf(r, "noise.ts")).toBe("binary");
    expect(skipOf(r, "noise2.ts")).toBe("binary");
  });

  it("a stray invalid UTF-8 byte in source is still text", async () => {
    const root = track(tempDir());
    write(root, "latin1.py", Buffer.concat([Buffer.from("# caf"), Buffer.from([0xe9]), Buffer.from("\nx = 1\n")]));
    const r = await scanProject(root, SCAN_DEFAULTS);
    expect(paths(r)).toEqual(["latin1.py"]);
  });

  it("UTF-16 with a BOM is text, UTF-32 is binary", async () => {
    const root = track(tempDir());
    write(root, "le.ts", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("export const x = 1;\n", "utf16le")]));
    write(root, "be.ts", Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from("export const y = 2;\n", "utf16le").swap16()]));
    write(root, "u32.ts", Buffer.from([0xff, 0xfe, 0, 0, 0x78, 0, 0, 0]));
    const r = await scanProject(root, SCAN_DEFAULTS);
    expect(paths(r)).toEqual(["be.ts", "le.ts"]);
    expect(skipOf(r, "u32.ts")).toBe("binary");
  });

  it("a 3 MB one-line bundle is too large by default, and minified under a larger size limit", async () => {
    const root = track(tempDir());
    write(root, "bundle.js", `var a=${"1+".repeat(1_500_000)}1;`);
    write(root, "long-but-ok.py", `x = "${"é".repeat(900)}"\n`);
    expect(skipOf(await scanProject(root, SCAN_DEFAULTS), "bundle.js")).toBe("too large");
    const roomy = await scanProject(root, { ...SCAN_DEFAULTS, maxFileBytes: 10_000_000 });
    expect(skipOf(roomy, "bundle.js")).toBe("generated or minified");
    // 900 two-byte characters: over 1,000 bytes but under 1,000 characters.
    expect(paths(roomy)).toEqual(["long-but-ok.py"]);
  });

  it("a FIFO is not a regular file and never blocks the scan", async () => {
    const root = track(tempDir());
    mkfifo(join(root, "pipe.ts"));
    write(root, "ok.ts", "export {};\n");
    const r = await scanProject(root, SCAN_DEFAULTS);
    expect(skipOf(r, "pipe.ts")).toBe("not a regular file");
    expect(paths(r)).toEqual(["ok.ts"]);
  });

  it("symlinks: out of the root, loops and in-root links are skipped with their reason", async () => {
    const outside = track(tempDir());
    write(outside, "secret.ts", "export const secret = 1;\n");
    const root = track(tempDir());
    write(root, "src/real.ts", "export const real = 1;\n");
    symlinkSync(join(outside, "secret.ts"), join(root, "src/secret.ts"));
    symlinkSync(outside, join(root, "external"));
    symlinkSync("..", join(root, "src/up"));
    symlinkSync("self.ts", join(root, "self.ts"));
    symlinkSync("real.ts", join(root, "src/alias.ts"));
    symlinkSync("missing.ts", join(root, "dangling.ts"));
    const r = await scanProject(root, SCAN_DEFAULTS);
    expect(paths(r)).toEqual(["src/real.ts"]);
    expect(Object.fromEntries(r.skipped.map((s) => [s.path, s.reason]))).toEqual({
      "src/secret.ts": "outside root",
      external: "outside root",
      "src/up": "symlink loop",
      "self.ts": "symlink loop",
      "src/alias.ts": "symlink inside root",
      "dangling.ts": "broken symlink",
    });
  });

  it("permission denied is recorded as unreadable", async (ctx) => {
    const root = track(tempDir());
    write(root, "locked.ts", "export const locked = 1;\n");
    chmodSync(join(root, "locked.ts"), 0);
    const r = await scanProject(root, SCAN_DEFAULTS);
    if (runningAsRoot()) {
      // root reads a chmod 000 file anyway: the denial cannot be provoked here.
      expect(paths(r)).toEqual(["locked.ts"]);
      ctx.skip("running as root: chmod 000 does not deny reads");
    }
    expect(skipOf(r, "locked.ts")).toBe("unreadable: EACCES");
  });

  it("a file deleted between listing and reading is absent, not an error", async () => {
    const root = track(tempDir());
    write(root, "a.ts", "export {};\n");
    write(root, "b.ts", "export {};\n");
    const walk = await walkProject(root, SCAN_DEFAULTS);
    expect(walk.candidates.map((c) => c.path)).toEqual(["a.ts", "b.ts"]);
    unlinkSync(join(root, "b.ts"));
    expect(inspectFile(walk.candidates[1]!.abs, SCAN_DEFAULTS)).toEqual({ kind: "gone" });
    expect(paths(await scanProject(root, SCAN_DEFAULTS))).toEqual(["a.ts"]);
  });

  it("a directory it cannot list is skipped; the rest is scanned", async (ctx) => {
    const root = track(tempDir());
    write(root, "closed/x.ts", "export {};\n");
    write(root, "open.ts", "export {};\n");
    chmodSync(join(root, "closed"), 0);
    try {
      const r = await scanProject(root, SCAN_DEFAULTS);
      if (runningAsRoot()) ctx.skip("running as root: chmod 000 does not deny listing");
      expect(skipOf(r, "closed")).toBe("unreadable: EACCES");
      expect(paths(r)).toEqual(["open.ts"]);
    } finally {
      chmodSync(join(root, "closed"), 0o755);
    }
  });
});
