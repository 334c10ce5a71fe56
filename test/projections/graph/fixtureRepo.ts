import type { ExtractedSymbol, FileParsed, Reference } from "../../../src/events/index.js";
import {
  appendToStreams,
  type LogHandle,
  type NewEvent,
} from "../../../src/events/index.js";

/**
 * A toy repository described as data, turned into the `FileParsed` payloads a parser would
 * produce, plus a seeded generator of random edits, renames, deletions and parse failures.
 */
export interface FnModel {
  readonly name: string;
  readonly calls: ReadonlyArray<string>;
  readonly returns: ReadonlyArray<string>;
  readonly doc: string | null;
}
export interface ClassModel {
  readonly name: string;
  readonly kind: "Class" | "Interface";
  readonly extends: string | null;
  readonly methods: ReadonlyArray<FnModel>;
}
export interface FileModel {
  readonly functions: ReadonlyArray<FnModel>;
  readonly classes: ReadonlyArray<ClassModel>;
  readonly imports: ReadonlyArray<{ readonly specifier: string; readonly names: ReadonlyArray<string> }>;
  readonly moduleCalls: ReadonlyArray<string>;
}

export type Op =
  | { readonly op: "write"; readonly path: string; readonly model: FileModel }
  | { readonly op: "delete"; readonly path: string }
  | { readonly op: "fail"; readonly path: string };

export const PATHS = ["src/a.ts", "src/b.ts", "src/c.ts", "src/util/d.ts", "src/util/e.ts", "lib/f.ts", "lib/g.ts"];
const NAMES = ["alpha", "beta", "gamma", "delta", "load", "save", "parse", "User", "Store", "Base"];
const EXTERNALS = ["react", "lodash", "node:fs"];

export const mulberry32 = (seed: number) => () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

type Rand = () => number;
const pick = <T>(rand: Rand, xs: ReadonlyArray<T>): T => xs[Math.floor(rand() * xs.length)]!;
const some = <T>(rand: Rand, xs: ReadonlyArray<T>, max: number): T[] =>
  Array.from({ length: Math.floor(rand() * (max + 1)) }, () => pick(rand, xs));

const relative = (from: string, to: string): string => {
  const a = from.split("/").slice(0, -1);
  const b = to.replace(/\.ts$/, "").split("/");
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  const up = a.length - i;
  return `${up === 0 ? "./" : "../".repeat(up)}${b.slice(i).join("/")}`;
};

const fn = (rand: Rand): FnModel => ({
  name: pick(rand, NAMES),
  calls: some(rand, NAMES, 3),
  returns: some(rand, NAMES, 1),
  doc: rand() < 0.3 ? `Does "${pick(rand, NAMES)}",\nthen more.` : null,
});

export const randomModel = (rand: Rand, path: string): FileModel => ({
  functions: Array.from({ length: 1 + Math.floor(rand() * 3) }, () => fn(rand)),
  classes: Array.from({ length: Math.floor(rand() * 2) }, () => ({
    name: pick(rand, NAMES),
    kind: rand() < 0.7 ? ("Class" as const) : ("Interface" as const),
    extends: rand() < 0.5 ? pick(rand, NAMES) : null,
    methods: Array.from({ length: Math.floor(rand() * 3) }, () => fn(rand)),
  })),
  imports: [
    ...some(rand, PATHS.filter((p) => p !== path), 2).map((p) => ({ specifier: relative(path, p), names: some(rand, NAMES, 2) })),
    ...some(rand, EXTERNALS, 1).map((x) => ({ specifier: x, names: ["default"] })),
  ],
  moduleCalls: some(rand, NAMES, 2),
});

/** The parse result a real parser would give for the modelled file (ids made unique like the parser's). */
export const toFileParsed = (path: string, model: FileModel, hash: string): FileParsed => {
  let line = 1;
  const symbols: ExtractedSymbol[] = [];
  const references: Reference[] = [];
  const used = new Map<string, number>();
  const uniqueId = (qn: string) => {
    const n = (used.get(qn) ?? 0) + 1;
    used.set(qn, n);
    return n === 1 ? qn : `${qn}#${n}`;
  };
  const addFn = (f: FnModel, parent: { id: string; name: string } | null) => {
    const qualifiedName = parent ? `${parent.name}.${f.name}` : f.name;
    const id = uniqueId(qualifiedName);
    const start = line;
    for (const c of f.calls) references.push({ kind: "call", name: c, qualifier: null, from: id, line: ++line, col: 2 });
    line += 2;
    symbols.push(symbol(id, parent ? "Method" : "Function", f.name, qualifiedName, parent?.id ?? null, start, line, f));
  };
  for (const f of model.functions) addFn(f, null);
  for (const c of model.classes) {
    const id = uniqueId(c.name);
    const start = ++line;
    if (c.extends) references.push({ kind: "extends", name: c.extends, qualifier: null, from: id, line, col: 0 });
    for (const m of c.methods) addFn(m, { id, name: c.name });
    symbols.push(symbol(id, c.kind, c.name, c.name, null, start, ++line, null));
  }
  for (const c of model.moduleCalls) references.push({ kind: "call", name: c, qualifier: "mod", from: null, line: ++line, col: 0 });
  return {
    path,
    contentHash: hash,
    language: "typescript",
    parserVersion: "test-1",
    packageName: null,
    lineCount: line + 1,
    hasErrors: false,
    symbols,
    references,
    imports: model.imports.map((i, n) => ({
      specifier: i.specifier,
      names: i.names.map((name) => ({ name, alias: null })),
      kind: "import" as const,
      typeOnly: false,
      line: n + 1,
    })),
    chunks: [],
    manifest: null,
  };
};

const symbol = (
  id: string,
  kind: ExtractedSymbol["kind"],
  name: string,
  qualifiedName: string,
  parent: string | null,
  startLine: number,
  endLine: number,
  f: FnModel | null,
): ExtractedSymbol => ({
  id,
  kind,
  name,
  qualifiedName,
  parent,
  signature: f ? `${name}(x: ${f.returns[0] ?? "number"}, y)` : `class ${name}`,
  doc: f?.doc ?? null,
  startLine,
  startCol: 0,
  endLine,
  endCol: 1,
  exported: parent === null,
  visibility: parent === null ? null : "public",
  async: f !== null && f.calls.length > 2,
  params: f ? [{ name: "x", type: f.returns[0] ?? null }, { name: "y", type: null }] : [],
  returns: f ? [...f.returns] : [],
  complexity: 1 + (f?.calls.length ?? 0),
  members: [],
});

/** A random step: mostly edits and new files, some renames, deletions and parse failures. */
export const randomOps = (rand: Rand, tree: ReadonlyMap<string, FileModel | null>): Op[] => {
  const existing = [...tree.keys()].sort();
  const free = PATHS.filter((p) => !tree.has(p));
  const r = rand();
  if (existing.length === 0 || (r < 0.25 && free.length > 0)) {
    const path = pick(rand, free);
    return [{ op: "write", path, model: randomModel(rand, path) }];
  }
  const path = pick(rand, existing);
  if (r < 0.6) return [{ op: "write", path, model: randomModel(rand, path) }];
  if (r < 0.75 && free.length > 0) {
    const to = pick(rand, free);
    return [{ op: "delete", path }, { op: "write", path: to, model: tree.get(path) ?? randomModel(rand, to) }];
  }
  if (r < 0.9) return [{ op: "delete", path }];
  return [{ op: "fail", path }];
};

/**
 * The repository as the log sees it: each op appends the event a scan + parse would append,
 * and the last event per live file is what a fresh index of the final tree would append.
 */
export class FixtureRepo {
  readonly models = new Map<string, FileModel | null>();
  private readonly last = new Map<string, NewEvent>();
  private hashes = 0;

  constructor(private readonly log: LogHandle) {}

  apply(ops: ReadonlyArray<Op>): void {
    for (const op of ops) {
      if (op.op === "delete") {
        append(this.log, op.path, { type: "FileDeleted", data: { path: op.path }, meta: { source: "test" } });
        this.models.delete(op.path);
        this.last.delete(op.path);
        continue;
      }
      // Same content, same hash: a rename keeps the hash like a real scan would.
      const hash = `h${op.op === "write" ? modelHash(op.model) : `fail${++this.hashes}`}`;
      const event: NewEvent =
        op.op === "write"
          ? { type: "FileParsed", data: toFileParsed(op.path, op.model, hash), meta: { source: "test" } }
          : { type: "ParseFailed", data: { path: op.path, contentHash: hash, reason: "syntax error" }, meta: { source: "test" } };
      append(this.log, op.path, event);
      this.models.set(op.path, op.op === "write" ? op.model : null);
      this.last.set(op.path, event);
    }
  }

  /** Appends to `log` what indexing the current tree from scratch would. */
  indexFreshInto(log: LogHandle): void {
    for (const path of [...this.last.keys()].sort()) append(log, path, this.last.get(path)!);
  }
}

const modelHash = (model: FileModel): string => {
  let h = 0;
  for (const ch of JSON.stringify(model)) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return (h >>> 0).toString(16);
};

export const append = (log: LogHandle, path: string, event: NewEvent): void => {
  const result = appendToStreams(log, [{ stream: `file:${path}`, expectedVersion: "any", events: [event] }]);
  if (!("appended" in result)) throw new Error(result.message);
};
