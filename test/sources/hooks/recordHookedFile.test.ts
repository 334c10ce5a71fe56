import { readFileSync, symlinkSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HOOK_CONFIG_DEFAULTS, type HookConfig } from "../../../src/config/hookConfig.js";
import { closeEventLog, type LogHandle, openEventLog, readEvents } from "../../../src/events/index.js";
import { hashContent } from "../../../src/shared/sourceFile/hashContent.js";
import { recordHookedFile } from "../../../src/sources/hooks/recordHookedFile.js";
import { initRepo, removeDir, tempDir, write } from "../scan/helpers.js";

let root: string;
let outside: string;
let log: LogHandle;
beforeEach(() => {
  root = tempDir("nemesis-hooked-");
  outside = tempDir("nemesis-outside-");
  initRepo(root);
  log = openEventLog(join(root, ".nemesis", "events.db"));
});
afterEach(() => {
  closeEventLog(log);
  removeDir(root);
  removeDir(outside);
});

const meta = { source: "hook" as const, session: "session-1", actor: "tester" };
const record = (filePath: string, config: HookConfig = HOOK_CONFIG_DEFAULTS) => recordHookedFile(log, { root, filePath, config, meta });
const fileEvents = () => readEvents(log).map((e) => ({ type: e.type, stream: e.stream, data: e.data, meta: e.meta }));

describe("a file an agent's tool wrote", () => {
  it("is recorded once per content, with who wrote it and in which session", async () => {
    write(root, "src/a.ts", "export const a = 1;\n");
    expect(await record(join(root, "src/a.ts"))).toEqual({ kind: "recorded", path: "src/a.ts", event: "FileChanged", position: 1 });
    expect(await record("src/a.ts")).toEqual({ kind: "unchanged", path: "src/a.ts" });
    write(root, "src/a.ts", "export const a = 2;\n");
    expect(await record(join(root, "src/a.ts"))).toMatchObject({ kind: "recorded", event: "FileChanged", position: 2 });
    const events = fileEvents();
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      type: "FileChanged",
      stream: "file:src/a.ts",
      data: { path: "src/a.ts", contentHash: hashContent(readFileSync(join(root, "src/a.ts"))), language: "typescript" },
      meta,
    });
  });

  it("is not recorded when the index would not hold it: another language, ignored, or a config language left out", async () => {
    write(root, "README.md", "# hi\n");
    write(root, ".gitignore", "generated/\n");
    write(root, "generated/out.ts", "export {};\n");
    write(root, "node_modules/lib/index.js", "module.exports = 1;\n");
    write(root, "tool.py", "print(1)\n");
    expect(await record(join(root, "README.md"))).toEqual({ kind: "not indexed", path: "README.md", why: "not in a language the index holds" });
    expect(await record(join(root, "generated/out.ts"))).toEqual({ kind: "not indexed", path: "generated/out.ts", why: "ignored" });
    expect(await record(join(root, "node_modules/lib/index.js"))).toEqual({ kind: "not indexed", path: "node_modules/lib/index.js", why: "ignored" });
    expect(await record(join(root, "tool.py"), { ...HOOK_CONFIG_DEFAULTS, languages: ["typescript"] })).toMatchObject({ kind: "not indexed" });
    expect(fileEvents()).toEqual([]);
  });

  it("records a file the index already holds even where an ignore rule now matches it (the scan decided it belongs)", async () => {
    write(root, "src/kept.ts", "export const k = 1;\n");
    await record(join(root, "src/kept.ts"));
    write(root, ".gitignore", "src/\n");
    write(root, "src/kept.ts", "export const k = 2;\n");
    expect(await record(join(root, "src/kept.ts"))).toMatchObject({ kind: "recorded", event: "FileChanged" });
  });

  it("refuses paths outside the project, through .. or a symlink", async () => {
    write(outside, "secret.ts", "export const s = 1;\n");
    symlinkSync(join(outside, "secret.ts"), join(root, "link.ts"));
    expect(await record(join(outside, "secret.ts"))).toMatchObject({ kind: "refused", reason: expect.stringContaining("is outside the project") });
    expect(await record(`../${outside.split("/").pop()}/secret.ts`)).toMatchObject({ kind: "refused" });
    expect(await record(join(root, "link.ts"))).toMatchObject({ kind: "refused" });
    expect(await record(root)).toMatchObject({ kind: "refused", reason: expect.stringContaining("is the project root") });
    expect(fileEvents()).toEqual([]);
  });

  it("records a file gone from disk as deleted when the index held it, and nothing when it did not", async () => {
    write(root, "src/b.ts", "export const b = 1;\n");
    await record(join(root, "src/b.ts"));
    unlinkSync(join(root, "src/b.ts"));
    expect(await record(join(root, "src/b.ts"))).toEqual({ kind: "missing", path: "src/b.ts", recorded: true });
    expect(await record(join(root, "src/never.ts"))).toEqual({ kind: "missing", path: "src/never.ts", recorded: false });
    expect(fileEvents().map((e) => e.type)).toEqual(["FileChanged", "FileDeleted"]);
  });

  it("records a file the index skips (too large) as skipped, as the scan would", async () => {
    write(root, "big.ts", `export const s = "${"x".repeat(200)}";\n`);
    expect(await record(join(root, "big.ts"), { ...HOOK_CONFIG_DEFAULTS, maxFileBytes: 100 })).toMatchObject({ kind: "recorded", event: "FileSkipped" });
    expect(fileEvents()[0]).toMatchObject({ type: "FileSkipped", data: { path: "big.ts" } });
  });
});
