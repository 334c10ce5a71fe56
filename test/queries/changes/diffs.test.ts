import { describe, expect, it } from "vitest";
import { diffFiles, diffMemory, diffSymbols, type FileChange, type MemoryAt, type SymbolAt, type Writer } from "../../../src/queries/changes/index.js";

const watcher: Writer = { source: "watcher", session: null, actor: null, pull: null };
const files = (entries: Record<string, string | null>) => new Map(Object.entries(entries));

describe("diffFiles", () => {
  it("tells added, modified and deleted files apart, and leaves a file put back as it was", () => {
    const before = files({ "a.ts": "h1", "b.ts": "h2", "c.ts": "h3", "d.ts": null });
    const after = files({ "a.ts": "h1", "b.ts": "h9", "c.ts": null, "d.ts": "h4" });
    expect(diffFiles(before, after, () => watcher).map((f) => [f.change, f.path, f.hash])).toEqual([
      ["modified", "b.ts", "h9"],
      ["deleted", "c.ts", null],
      ["added", "d.ts", "h4"],
    ]);
  });

  it("pairs a file gone with one come with the same content as a rename, in path order", () => {
    const before = files({ "old/a.ts": "same", "old/b.ts": "same", "x.ts": "other" });
    const after = files({ "new/a.ts": "same", "old/a.ts": null, "old/b.ts": null, "x.ts": null });
    expect(diffFiles(before, after, () => watcher).map((f) => [f.change, f.from, f.path])).toEqual([
      ["renamed", "old/a.ts", "new/a.ts"],
      ["deleted", null, "old/b.ts"],
      ["deleted", null, "x.ts"],
    ]);
  });

  it("says who changed each file", () => {
    const hook: Writer = { source: "hook", session: "s1", actor: "ann", pull: null };
    const [change] = diffFiles(files({ "a.ts": "h1" }), files({ "a.ts": "h2" }), (p) => (p === "a.ts" ? hook : watcher));
    expect(change!.by).toEqual(hook);
  });
});

const sym = (id: string, signature: string, kind = "Function"): SymbolAt => ({ id, name: id, kind, signature });

describe("diffSymbols", () => {
  it("finds symbols added, removed and with another signature, not ones that only moved lines", () => {
    const before = new Map([["a.ts", [sym("load", "load(x)"), sym("save", "save(x)"), sym("keep", "keep()")]]]);
    const after = new Map([["a.ts", [sym("load", "load(x, y)"), sym("keep", "keep()"), sym("parse", "parse(s)")]]]);
    expect(diffSymbols(before, after, []).map((s) => [s.change, s.id, s.before, s.signature])).toEqual([
      ["signature", "load", "load(x)", "load(x, y)"],
      ["added", "parse", null, "parse(s)"],
      ["removed", "save", null, "save(x)"],
    ]);
  });

  it("compares a renamed file's symbols with those of its old path", () => {
    const renamed: FileChange = { change: "renamed", path: "b.ts", from: "a.ts", hash: "h", by: watcher };
    const before = new Map([["a.ts", [sym("trim", "trim(s)")]]]);
    const after = new Map([
      ["a.ts", []],
      ["b.ts", [sym("trim", "trim(s)"), sym("pad", "pad(s)")]],
    ]);
    expect(diffSymbols(before, after, [renamed]).map((s) => [s.change, s.path, s.id])).toEqual([["added", "b.ts", "pad"]]);
  });
});

const memory = (id: string, status: string, text: string, note: string | null = null): MemoryAt => ({ memory: id.startsWith("d") ? "decision" : "rule", id, text, status, note });

describe("diffMemory", () => {
  it("reports memory recorded, retired, superseded and rewritten, with its state at the end", () => {
    const before = new Map([
      ["r1", memory("r1", "active", "use tabs")],
      ["r2", memory("r2", "active", "no any")],
      ["d1", memory("d1", "accepted", "Postgres")],
      ["r4", memory("r4", "active", "unchanged")],
    ]);
    const after = new Map([
      ["r1", memory("r1", "retired", "use tabs", "we use spaces")],
      ["r2", memory("r2", "active", "no any, ever")],
      ["d1", memory("d1", "superseded", "Postgres", "d2")],
      ["r3", memory("r3", "retired", "new and gone", "mistake")],
      ["r4", memory("r4", "active", "unchanged")],
    ]);
    expect(diffMemory(before, after).map((m) => [m.change, m.id, m.status, m.note])).toEqual([
      ["superseded", "d1", "superseded", "d2"],
      ["retired", "r1", "retired", "we use spaces"],
      ["updated", "r2", "active", null],
      ["recorded", "r3", "retired", "mistake"],
    ]);
  });
});
