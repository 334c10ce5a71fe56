// Modules by their own paths: the session-start hook reads changes without the schema library.
import type { RecordedEvent } from "../../events/index.js";
import { lastEventsAt, lastSymbolsAt, readEvents, readStream, type LogHandle } from "../../events/log.js";
import {
  diffFiles,
  type FileAt,
  diffMemory,
  type MemoryAt,
  diffSymbols,
  type SymbolAt,
  type Changes,
  type ChangesFrom,
  type CommitArrived,
  type Writer,
} from "../../queries/index.js";

const FILE_PREFIX = "file:";
const MEMORY_PREFIXES = ["rule:", "decision:", "convention:"];
const MEMORY_TYPES = ["RuleStored", "RuleRetired", "DecisionRecorded", "DecisionSuperseded", "ConventionStored"];
/** What decides whether the catalog lists a file and with which content (a skipped file is not indexed). */
const PRESENCE_TYPES = ["FileChanged", "FileDeleted", "FileSkipped"];
const WINDOW_TYPES = [...PRESENCE_TYPES, "FileParsed", "ParseFailed", "CommitObserved", ...MEMORY_TYPES];

type Data = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === "string" ? v : "");

const fileAt = (e: RecordedEvent | undefined): FileAt => (e?.type === "FileChanged" ? text((e.data as Data).contentHash) : null);

/** A memory stream folded up to `upTo` (its events are few: one per write). */
const memoryAt = (events: ReadonlyArray<RecordedEvent>, upTo: number): MemoryAt | undefined => {
  let state: MemoryAt | undefined;
  for (const e of events) {
    if (e.position > upTo) break;
    const d = e.data as Data;
    const id = text(d.id);
    switch (e.type) {
      // Stored again, an entry keeps its status (the catalog's upsert does too): only its text changes.
      case "RuleStored":
        state = state === undefined ? { memory: "rule", id, text: text(d.content), status: "active", note: null } : { ...state, text: text(d.content) };
        break;
      case "RuleRetired":
        if (state !== undefined) state = { ...state, status: "retired", note: text(d.reason) || null };
        break;
      case "DecisionRecorded":
        state = state === undefined ? { memory: "decision", id, text: text(d.title), status: text(d.status), note: null } : { ...state, text: text(d.title) };
        break;
      case "DecisionSuperseded":
        if (state !== undefined) state = { ...state, status: "superseded", note: text(d.supersededBy) || null };
        break;
      case "ConventionStored":
        state = state === undefined ? { memory: "convention", id, text: text(d.pattern), status: "active", note: null } : { ...state, text: text(d.pattern) };
        break;
    }
  }
  return state;
};

const commitOf = (e: RecordedEvent): CommitArrived => {
  const d = e.data as Data;
  const files = Array.isArray(d.files) ? d.files.length : 0;
  return { sha: text(d.sha), subject: text(d.subject), author: text(d.author), time: Number(d.time ?? 0), files: typeof d.filesTotal === "number" ? d.filesTotal : files };
};

/** Sources that write what is on disk, whoever put it there: what they record after a pull is the pull's. */
const DISK_SOURCES = new Set(["watcher", "cli", "engine"]);

export interface ReadChangesOptions {
  /** Read the parse results of the changed files (the session-start hook leaves them: they are most of the log). */
  readonly symbols: boolean;
}

/**
 * What happened between `from` and `to`, read from the log: the events after `from` say which
 * files, memory entries and commits to look at; each one's state at both ends is its newest
 * deciding event at or below that end, which is what a replay up to there leaves. Never reads a
 * read model, so it is as current as the log and needs no rebuild.
 */
export const readChanges = (log: LogHandle, from: ChangesFrom, to: number, options: ReadChangesOptions): Changes => {
  const window = readEvents(log, {
    after: from.position,
    before: to + 1,
    types: WINDOW_TYPES,
    summaries: { FileParsed: { path: "$.path" }, ParseFailed: { path: "$.path" } },
  });
  const fileStreams = new Set<string>();
  const memoryStreams = new Set<string>();
  const lastWrite = new Map<string, RecordedEvent>();
  const commitEvents: RecordedEvent[] = [];
  for (const e of window) {
    if (e.stream.startsWith(FILE_PREFIX)) {
      fileStreams.add(e.stream);
      if (e.type === "FileChanged" || e.type === "FileDeleted") lastWrite.set(e.stream.slice(FILE_PREFIX.length), e);
    } else if (MEMORY_PREFIXES.some((p) => e.stream.startsWith(p))) memoryStreams.add(e.stream);
    else if (e.type === "CommitObserved") commitEvents.push(e);
  }
  const commits = commitEvents.map(commitOf);
  const fromSeconds = from.at === null ? null : Date.parse(from.at) / 1000;
  // A commit made before the window opened, arriving within it, came from elsewhere: a pull.
  const pulledBy = new Map<string, string>();
  if (fromSeconds !== null) {
    for (const e of commitEvents) {
      const c = e.data as Data;
      if (Number(c.time ?? 0) > fromSeconds || !Array.isArray(c.files)) continue;
      for (const f of c.files as Data[]) pulledBy.set(text(f.path), text(c.sha));
    }
  }
  const writerOf = (path: string): Writer => {
    const e = lastWrite.get(path);
    const source = e?.meta.source ?? "engine";
    const pull = DISK_SOURCES.has(source) ? (pulledBy.get(path) ?? null) : null;
    return { source, session: e?.meta.session ?? null, actor: e?.meta.actor ?? null, pull };
  };

  const pathOf = (stream: string) => stream.slice(FILE_PREFIX.length);
  const filesAt = (position: number) => {
    const last = lastEventsAt(log, fileStreams, PRESENCE_TYPES, position);
    return new Map([...fileStreams].map((s) => [pathOf(s), fileAt(last.get(s))] as const));
  };
  const files = diffFiles(filesAt(from.position), filesAt(to), writerOf);

  // A file's symbols in the graph: its last parse's, unless it was deleted or failed to parse since.
  const symbolsOf = (position: number) => {
    const last = lastSymbolsAt(log, fileStreams, position);
    return new Map([...fileStreams].map((s) => [pathOf(s), (last.get(s) ?? []).map((x): SymbolAt => ({ id: x.id, name: x.qualifiedName || x.name, kind: x.kind, signature: x.signature }))] as const));
  };
  const symbols = options.symbols ? diffSymbols(symbolsOf(from.position), symbolsOf(to), files) : [];

  const before = new Map<string, MemoryAt>();
  const after = new Map<string, MemoryAt>();
  for (const stream of memoryStreams) {
    const events = readStream(log, stream).filter((e) => MEMORY_TYPES.includes(e.type));
    const b = memoryAt(events, from.position);
    const a = memoryAt(events, to);
    if (b !== undefined) before.set(stream, b);
    if (a !== undefined) after.set(stream, a);
  }
  const memory = diffMemory(before, after);

  return { from, to, files, symbols, commits, memory };
};
