import Database from "better-sqlite3";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readChanges } from "../../../src/engine/index.js";
import { appendToStreams, closeEventLog, headPosition, openEventLog, type LogHandle, type NewEvent } from "../../../src/events/index.js";
import { CatalogProjector, CatalogReader } from "../../../src/projections/index.js";
import { catchUp } from "../../../src/projections/runProjector.js";
import type { Changes } from "../../../src/queries/changes/index.js";
import { tempDir } from "../../helpers.js";
import { mulberry32, PATHS, randomModel, toFileParsed, type FileModel } from "../../projections/graph/fixtureRepo.js";
import { openGraph } from "../../projections/graph/harness.js";

let cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

type Rand = () => number;
const pick = <T>(rand: Rand, xs: ReadonlyArray<T>): T => xs[Math.floor(rand() * xs.length)]!;
const SOURCES = ["hook", "watcher", "cli"] as const;

const append = (log: LogHandle, stream: string, events: NewEvent[]): void => {
  const result = appendToStreams(log, [{ stream, expectedVersion: "any", events }]);
  if (!("appended" in result)) throw new Error(result.message);
};

const hashOf = (model: FileModel): string => {
  let h = 0;
  for (const ch of JSON.stringify(model)) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return `h${(h >>> 0).toString(16)}`;
};

/**
 * A random history as the sources and commands write it: saves (FileChanged then FileParsed),
 * deletions, renames (same content under another path), parse failures, rules stored, updated
 * and retired, decisions recorded and superseded, conventions, commits and session starts.
 */
const writeHistory = (log: LogHandle, rand: Rand, steps: number): void => {
  const tree = new Map<string, FileModel>();
  const rules: string[] = [];
  const decisions: string[] = [];
  let n = 0;
  const meta = () => ({ source: pick(rand, SOURCES), session: `s${Math.floor(rand() * 3)}` });
  const write = (path: string, model: FileModel) => {
    const hash = hashOf(model);
    append(log, `file:${path}`, [
      { type: "FileChanged", data: { path, contentHash: hash, size: 10, mtime: 1, language: "typescript" }, meta: meta() },
      { type: "FileParsed", data: toFileParsed(path, model, hash), meta: { source: "engine" } },
    ]);
    tree.set(path, model);
  };
  for (let step = 0; step <= steps; step++) {
    // The last steps delete a file and rename another, so the shortest windows hold both however the dice fell.
    const r = step === steps - 1 ? 0.47 : step === steps ? 0.55 : rand();
    const existing = [...tree.keys()].sort();
    const free = PATHS.filter((p) => !tree.has(p));
    if (r < 0.45 || existing.length === 0) {
      const path = pick(rand, existing.length > 0 && rand() < 0.6 ? existing : free.length > 0 ? free : existing);
      // Sometimes only one function changes its signature: a "signature" change rather than a new file.
      const old = tree.get(path);
      const model =
        old !== undefined && rand() < 0.5 && old.functions.length > 0
          ? { ...old, functions: [{ ...old.functions[0]!, returns: [pick(rand, ["string", "User", "Store"])] }, ...old.functions.slice(1)] }
          : randomModel(rand, path);
      write(path, model);
    } else if (r < 0.5 || (r < 0.58 && free.length === 0)) {
      const path = pick(rand, existing);
      append(log, `file:${path}`, [{ type: "FileDeleted", data: { path }, meta: meta() }]);
      tree.delete(path);
    } else if (r < 0.58) {
      const path = pick(rand, existing);
      const to = pick(rand, free);
      const model = tree.get(path)!;
      append(log, `file:${path}`, [{ type: "FileDeleted", data: { path }, meta: meta() }]);
      tree.delete(path);
      write(to, model);
    } else if (r < 0.62) {
      const path = pick(rand, existing);
      const hash = `hfail${++n}`;
      append(log, `file:${path}`, [
        { type: "FileChanged", data: { path, contentHash: hash, size: 3, mtime: 1, language: "typescript" }, meta: meta() },
        { type: "ParseFailed", data: { path, contentHash: hash, reason: "syntax error" }, meta: { source: "engine" } },
      ]);
    } else if (r < 0.68) {
      const update = rules.length > 0 && rand() < 0.3;
      const id = update ? pick(rand, rules) : `r-${++n}`;
      if (!update) rules.push(id);
      append(log, `rule:${id}`, [{ type: "RuleStored", data: { id, content: `rule text ${n}`, scope: "*", relatedTo: [] }, meta: { source: "mcp" } }]);
    } else if (r < 0.76 && rules.length > 0) {
      const id = rules.splice(Math.floor(rand() * rules.length), 1)[0]!;
      append(log, `rule:${id}`, [{ type: "RuleRetired", data: { id, reason: "no longer true" }, meta: { source: "cli" } }]);
    } else if (r < 0.8) {
      const id = `d-${++n}`;
      decisions.push(id);
      append(log, `decision:${id}`, [
        { type: "DecisionRecorded", data: { id, title: `decision ${n}`, reasoning: "why", alternatives: [], status: "accepted", relatedTo: [] }, meta: { source: "mcp" } },
      ]);
    } else if (r < 0.86 && decisions.length > 1) {
      const id = decisions.shift()!;
      append(log, `decision:${id}`, [{ type: "DecisionSuperseded", data: { id, supersededBy: decisions[0]!, reason: "better" }, meta: { source: "mcp" } }]);
    } else if (r < 0.9) {
      const id = `c-${Math.floor(rand() * 3)}`;
      append(log, `convention:${id}`, [{ type: "ConventionStored", data: { id, pattern: `pattern ${++n}`, example: "x", scope: "*" }, meta: { source: "mcp" } }]);
    } else if (r < 0.95) {
      const sha = `${(++n).toString(16).padStart(4, "0")}${"ab".repeat(18)}`;
      append(log, `commit:${sha}`, [
        {
          type: "CommitObserved",
          data: { sha, parents: [], time: 1_700_000_000 + n, author: "alice", subject: `commit ${n}`, body: "", files: existing.slice(0, 2).map((path) => ({ path, status: "M", added: 1, deleted: 0 })) },
          meta: { source: "cli" },
        },
      ]);
    } else {
      const sessionId = `session-${++n}`;
      append(log, `session:${sessionId}`, [{ type: "SessionStarted", data: { client: "claude-code", sessionId, position: headPosition(log) }, meta: { source: "hook", session: sessionId } }]);
    }
  }
};

interface ReplayState {
  readonly files: Map<string, string>;
  readonly symbols: Map<string, Map<string, string>>;
  readonly memory: Map<string, string>;
}

/** The catalog and the graph replayed from `log`, in `dir`: files (path → hash), symbols (path → id → kind and signature) and memory (id → status and text). */
const replay = async (dir: string, name: string, log: LogHandle): Promise<ReplayState> => {
  const catalog = new CatalogProjector(join(dir, `${name}-catalog.db`));
  await catchUp(log, catalog);
  await catalog.close();
  const reader = CatalogReader.open(join(dir, `${name}-catalog.db`));
  const files = new Map(reader.files().filter((f) => f.status !== "skipped").map((f) => [f.path, f.content_hash ?? ""] as const));
  const memory = new Map<string, string>([
    ...reader.rules({ includeRetired: true }).map((r) => [r.id, `${r.status} ${r.content}`] as const),
    ...reader.decisions({ includeSuperseded: true }).map((d) => [d.id, `${d.status} ${d.title}`] as const),
    ...reader.conventions().map((c) => [c.id, `active ${c.pattern}`] as const),
  ]);
  reader.close();
  const graph = await openGraph(dir, { name, log });
  await catchUp(log, graph.projector);
  const rows = await graph.projector.query("MATCH (s:Symbol) RETURN s.id AS id, s.path AS path, s.kind AS kind, s.signature AS signature");
  await graph.projector.close();
  const symbols = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const path = String(r.path);
    const id = String(r.id).slice(`s:${path}#`.length);
    symbols.set(path, (symbols.get(path) ?? new Map()).set(id, `${String(r.kind)} ${String(r.signature)}`));
  }
  return { files, symbols, memory };
};

/** The log as it stood at `position`: a copy with every later event removed. */
const logUpTo = (dir: string, log: LogHandle, position: number): LogHandle => {
  const path = join(dir, `upto-${position}-events.db`);
  const source = new Database(log.path, { readonly: true });
  source.prepare("VACUUM INTO ?").run(path);
  source.close();
  const db = new Database(path);
  db.prepare("DELETE FROM events WHERE position > ?").run(position);
  db.close();
  return openEventLog(path);
};

/** `state` with `changes` applied: what the replay to the head must equal. */
const patched = (state: ReplayState, changes: Changes): ReplayState => {
  const files = new Map(state.files);
  const symbols = new Map([...state.symbols].map(([p, m]) => [p, new Map(m)] as const));
  const memory = new Map(state.memory);
  for (const f of changes.files) {
    if (f.change === "renamed") {
      files.delete(f.from!);
      const moved = symbols.get(f.from!);
      symbols.delete(f.from!);
      if (moved !== undefined) symbols.set(f.path, moved);
    }
    if (f.change === "deleted") files.delete(f.path);
    else files.set(f.path, f.hash!);
  }
  for (const s of changes.symbols) {
    const m = symbols.get(s.path) ?? new Map<string, string>();
    if (s.change === "removed") m.delete(s.id);
    else m.set(s.id, `${s.kind} ${s.signature}`);
    symbols.set(s.path, m);
  }
  for (const [p, m] of symbols) if (m.size === 0) symbols.delete(p);
  for (const m of changes.memory) memory.set(m.id, `${m.status} ${m.text}`);
  return { files, symbols, memory };
};

const sorted = (s: ReplayState) => ({
  files: [...s.files].sort(),
  symbols: [...s.symbols].map(([p, m]) => [p, [...m].sort()] as const).sort(),
  memory: [...s.memory].sort(),
});

describe("changes since P = replay to the head minus replay to P", () => {
  it.each([12, 13])("files, symbols and memory on a random history (seed %i)", async (seed) => {
    const t = tempDir("nemesis-changes-prop-");
    cleanups.push(t.cleanup);
    const rand = mulberry32(seed);
    const log = openEventLog(join(t.dir, "events.db"));
    cleanups.push(() => closeEventLog(log));
    writeHistory(log, rand, 120);
    const head = headPosition(log);
    const atHead = await replay(t.dir, "head", log);
    expect(atHead.files.size + atHead.memory.size).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const position of [0, Math.floor(head / 3), Math.floor((2 * head) / 3), head - 15, head - 8, head - 3, head]) {
      const upTo = logUpTo(t.dir, log, position);
      const atP = await replay(t.dir, `p${position}`, upTo);
      closeEventLog(upTo);
      const changes = readChanges(log, { position, label: `#${position}`, at: null }, head, { symbols: true });
      expect(sorted(patched(atP, changes)), `changes since #${position}`).toEqual(sorted(atHead));
      for (const c of [...changes.files, ...changes.symbols, ...changes.memory]) seen.add(c.change);
    }
    // The history exercises every kind of change, or the equality above proves little.
    expect([...seen].sort()).toEqual(["added", "deleted", "modified", "recorded", "removed", "renamed", "retired", "signature", "superseded", "updated"]);
  }, 120_000);
});
