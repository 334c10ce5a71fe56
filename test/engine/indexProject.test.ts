import { chmodSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as Either from "effect/Either";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine, EngineLockHeld, indexProject, inlineParser } from "../../src/engine/index.js";
import { headPosition, readEvents } from "../../src/events/index.js";
import { hashContent } from "../../src/shared/sourceFile/hashContent.js";
import { CatalogReader, HistoryProjector, HistoryReader, rebuild } from "../../src/projections/index.js";
import { copyFixture, git, hasGit, mkfifo, removeDir, runningAsRoot, tempDir, write } from "../sources/scan/helpers.js";
import { insideGitRepo } from "../../src/sources/scan/index.js";
import { projectContext } from "./helpers.js";
import { rawDatabase } from "../events/support.js";

let root: string;
let outside: string;
let ctx: ReturnType<typeof projectContext>;
const opts = { parser: inlineParser, projections: ["catalog"] as const };

beforeEach(() => {
  root = tempDir("nemesis-index-");
  outside = tempDir("nemesis-outside-");
  ctx = projectContext(root);
});
afterEach(() => {
  ctx.close();
  try {
    chmodSync(join(root, "locked.ts"), 0o644);
  } catch {
    /* only one test locks a file */
  }
  removeDir(root);
  removeDir(outside);
});

const catalogFiles = () => {
  const reader = CatalogReader.open(ctx.paths.catalog);
  try {
    return Object.fromEntries(reader.files().map((f) => [f.path, f]));
  } finally {
    reader.close();
  }
};

describe("indexProject: bad input never crashes or stops the indexer", () => {
  it("ends every bad file parsed or recorded with a reason", async () => {
    const noise = Buffer.alloc(2048);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + 13) % 256;
    write(root, "good.ts", "export function ok(): number {\n  return 1;\n}\n");
    write(root, "noise.ts", noise);
    write(root, "latin1.py", Buffer.concat([Buffer.from("# caf"), Buffer.from([0xe9]), Buffer.from("\ndef f():\n    return 1\n")]));
    write(root, "utf16.ts", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("export function wide(): void {}\n", "utf16le")]));
    write(root, "bundle.js", `var a=${"1+".repeat(1_500_000)}1;`);
    write(root, "nested.ts", `export const deep = ${"[\n".repeat(100_000)}${"]\n".repeat(100_000)};\n`);
    write(root, "locked.ts", "export const locked = 1;\n");
    chmodSync(join(root, "locked.ts"), 0);
    write(outside, "secret.ts", "export const secret = 1;\n");
    symlinkSync(join(outside, "secret.ts"), join(root, "secret.ts"));
    symlinkSync(".", join(root, "loop"));
    mkfifo(join(root, "pipe.ts"));

    // A short parse budget: the 100k-deep nesting may time out, which must end as a recorded failure.
    const quick = { ...ctx, config: { ...ctx.config, index: { ...ctx.config.index, parse_budget_ms: 1_000 } } };
    const summary = await indexProject(quick, opts);

    const files = catalogFiles();
    const outcome = (p: string) => (files[p]?.status === "parsed" ? "parsed" : `${files[p]?.status}: ${files[p]?.reason}`);
    expect(outcome("good.ts")).toBe("parsed");
    expect(outcome("noise.ts")).toBe("skipped: binary");
    expect(outcome("latin1.py")).toBe("parsed");
    expect(outcome("utf16.ts")).toBe("parsed");
    expect(outcome("bundle.js")).toBe("skipped: too large");
    expect(["parsed", "failed"]).toContain(files["nested.ts"]?.status);
    if (files["nested.ts"]?.status === "failed") expect(files["nested.ts"]?.reason).toMatch(/\S/);
    expect(outcome("secret.ts")).toBe("skipped: outside root");
    expect(outcome("loop")).toBe("skipped: symlink loop");
    expect(outcome("pipe.ts")).toBe("skipped: not a regular file");
    expect(outcome("locked.ts")).toBe(runningAsRoot() ? "parsed" : "skipped: unreadable: EACCES");
    expect(summary.files.skipped).toMatchObject({ binary: 1, "too large": 1, "outside root": 1, "symlink loop": 1, "not a regular file": 1 });
    expect(summary.parse?.parsed).toBeGreaterThanOrEqual(3);
  });

  it("a file deleted between scan and parse ends deleted; one rewritten ends parsed as it is now", async () => {
    write(root, "gone.ts", "export const gone = 1;\n");
    write(root, "moving.ts", "export const before = 1;\n");
    write(root, "still.ts", "export const still = 1;\n");
    const after = "export function after(): number {\n  return 2;\n}\n";
    const summary = await indexProject(ctx, {
      ...opts,
      beforeRead: (path) => {
        if (path === "gone.ts") unlinkSync(join(root, "gone.ts"));
        if (path === "moving.ts") writeFileSync(join(root, "moving.ts"), after);
      },
    });
    expect(summary.parse).toMatchObject({ parsed: 2, rewritten: 1, deleted: 1 });
    const files = catalogFiles();
    expect(files["gone.ts"]).toBeUndefined();
    expect(files["moving.ts"]).toMatchObject({ status: "parsed", content_hash: hashContent(Buffer.from(after)) });
    expect(files["still.ts"]?.status).toBe("parsed");
    const moving = readEvents(ctx.log, { streamPrefix: "file:moving.ts" }).map((e) => `${e.type}/${e.meta.source}`);
    expect(moving).toEqual(["FileChanged/cli", "FileChanged/engine", "FileParsed/engine"]);
  });
});

describe("indexProject: runs and re-runs", () => {
  it("re-indexing an unchanged project appends only the run markers", async () => {
    const fixture = copyFixture("basic");
    try {
      const c = projectContext(fixture);
      try {
        const first = await indexProject(c, opts);
        expect(first.files.changed).toBe(5);
        expect(first.parse?.parsed).toBe(5);
        const head = headPosition(c.log);
        const second = await indexProject(c, opts);
        expect(second.files).toMatchObject({ changed: 0, unchanged: 5, deleted: 0 });
        expect(readEvents(c.log, { after: head }).map((e) => e.type)).toEqual(["IndexRunStarted", "IndexRunCompleted"]);
      } finally {
        c.close();
      }
    } finally {
      removeDir(fixture);
    }
  });

  it("the reactor is idempotent: replaying its input stores nothing twice", async () => {
    write(root, "a.ts", "export const a = 1;\n");
    write(root, "b.py", "def b():\n    return 2\n");
    await indexProject(ctx, opts);
    const head = headPosition(ctx.log);
    // A log whose reactor checkpoint was lost (written by a build that kept none).
    rawDatabase(ctx.log).prepare("DELETE FROM reactor_checkpoint").run();
    const engine = Either.getOrThrow(await Engine.open(ctx, opts));
    try {
      const r = await engine.catchUp();
      expect(r.reactor).toMatchObject({ parsed: 0, superseded: 2 });
    } finally {
      await engine.close();
    }
    expect(headPosition(ctx.log)).toBe(head);
  });

  it("while another engine holds the lock, index records the changes and leaves projection to it", async () => {
    write(root, "a.ts", "export const a = 1;\n");
    const owner = Either.getOrThrow(await Engine.open(ctx, opts));
    try {
      const again = await Engine.open(ctx, opts);
      expect(Either.isLeft(again) && again.left).toBeInstanceOf(EngineLockHeld);
      const summary = await indexProject(ctx, opts);
      expect(summary).toMatchObject({ engineBusy: process.pid, parse: null });
      expect(summary.files.changed).toBe(1);
      const r = await owner.catchUp();
      expect(r.reactor.parsed).toBe(1);
    } finally {
      await owner.close();
    }
    expect(catalogFiles()["a.ts"]?.status).toBe("parsed");
  });
});

describe("indexProject with the graph", () => {
  it("reports nodes and edges by kind, and a no-change re-index does not touch the graph", async () => {
    const fixture = copyFixture("basic");
    const c = projectContext(fixture);
    try {
      const summary = await indexProject(c, { parser: inlineParser, projections: ["catalog", "graph"] });
      expect(summary.graph?.files).toBe(5);
      expect(summary.graph?.symbols.Function).toBeGreaterThanOrEqual(2);
      expect(summary.graph?.edges.CONTAINS).toBeGreaterThan(0);
      const again = await indexProject(c, { parser: inlineParser, projections: ["catalog", "graph"] });
      expect(again.timings.projectMs.graph).toBeUndefined();
      expect(again.graph).toEqual(summary.graph);
    } finally {
      c.close();
      removeDir(fixture);
    }
  });
});

describe("indexProject: git history", () => {
  it.skipIf(!hasGit)("records each commit once across re-indexes; outside a repository, says so once", async () => {
    write(root, "a.ts", "export const a = 1;\n");
    if (!insideGitRepo(root)) {
      const plain = await indexProject(ctx, opts);
      expect(plain.history).toMatchObject({ available: false, observed: 0 });
      expect(plain.history!.note).toMatch(/not in a git repository/);
      expect((await indexProject(ctx, opts)).history).toEqual({ available: false, observed: 0, note: null });
    }
    git(root, "init", "-q");
    write(root, ".gitignore", ".nemesis/\n");
    git(root, "add", "-A");
    git(root, "commit", "-q", "-m", "first");
    expect((await indexProject(ctx, opts)).history).toEqual({ available: true, observed: 1, note: null });
    expect((await indexProject(ctx, opts)).history).toEqual({ available: true, observed: 0, note: null });
    expect(readEvents(ctx.log, { types: ["CommitObserved"] }).map((e) => e.stream)).toEqual([`commit:${git(root, "rev-parse", "HEAD").toString().trim()}`]);

    // A replay needs the log only: with the repository gone, history.db is rebuilt all the same.
    rmSync(join(root, ".git"), { recursive: true, force: true });
    const projector = new HistoryProjector(join(ctx.paths.dir, "history-replayed.db"));
    await rebuild(ctx.log, projector);
    await projector.close();
    const replayed = HistoryReader.open(join(ctx.paths.dir, "history-replayed.db"));
    expect(replayed.fileHistory("a.ts", 5).map((c) => c.subject)).toEqual(["first"]);
    replayed.close();
  });
});
