import type { Writer } from "./Changes.js";

/** A symbol as one parse holds it. */
export interface SymbolShape {
  readonly kind: string;
  readonly qualifiedName: string;
  readonly signature: string;
  readonly startLine: number;
  readonly endLine: number;
}

/** One event of a file's stream, with the one symbol a reader follows (see the log's readFileTimeline). */
export interface Moment {
  readonly position: number;
  readonly type: "FileChanged" | "FileDeleted" | "FileParsed" | "ParseFailed";
  readonly recordedAt: string;
  readonly contentHash: string | null;
  readonly meta: { readonly source: string; readonly session?: string; readonly actor?: string };
  readonly symbol: SymbolShape | null;
  readonly body: string | null;
}

/** A commit that touched the file, from the history read model. */
export interface FileCommitRef {
  readonly sha: string;
  readonly subject: string;
  /** Committer time, Unix seconds. */
  readonly time: number;
  /** The log position of its CommitObserved: when Nemesis saw it arrive (null when unknown). */
  readonly arrived: number | null;
}

/** A commit behind a version read from disk: the checkout it was first seen in, or a pull that brought it. */
export interface VersionCommit extends FileCommitRef {
  readonly how: "checkout" | "pull";
}

export type VersionPart = "signature" | "kind" | "body" | "lines";

export interface SymbolVersion {
  readonly change: "added" | "changed" | "removed";
  /** What differs from the version before (a changed one only). */
  readonly what: ReadonlyArray<VersionPart>;
  /** The parse that showed it (the deletion, for a file deleted). */
  readonly position: number;
  /** When the file change that made it was recorded. */
  readonly at: string;
  /** The symbol as that version holds it; a removal, as it was last. Lines follow later moves of an unchanged symbol. */
  readonly kind: string;
  readonly signature: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly by: Writer;
  /**
   * The commit behind a version read from disk (a scan or the watcher): for the first one, the
   * file's newest commit by then (the checkout it was indexed in); for a later one, a commit made
   * before the version before was seen that arrived with this version's write or after it (a
   * pull, as get_changes_since tells one). A commit made after the version before is not named: it may hold that edit, or not.
   */
  readonly commit: VersionCommit | null;
  /** A removal by the file's deletion. */
  readonly fileDeleted: boolean;
}

/** Sources that record what is on disk, whoever wrote it: a commit may say who. */
const DISK_SOURCES = new Set(["watcher", "cli", "engine"]);

export const writerOf = (m: Moment): Writer => ({ source: m.meta.source, session: m.meta.session ?? null, actor: m.meta.actor ?? null, pull: null });

const partsChanged = (was: SymbolShape, wasBody: string | null, now: SymbolShape, nowBody: string | null): VersionPart[] => {
  const parts: VersionPart[] = [];
  if (was.signature !== now.signature) parts.push("signature");
  if (was.kind !== now.kind) parts.push("kind");
  if (wasBody !== null && nowBody !== null && wasBody !== nowBody) parts.push("body");
  // Without bodies to compare, a symbol that grew or shrank still changed.
  if (parts.length === 0 && was.endLine - was.startLine !== now.endLine - now.startLine) parts.push("lines");
  return parts;
};

const newest = (commits: ReadonlyArray<FileCommitRef>, keep: (c: FileCommitRef) => boolean): FileCommitRef | null => {
  let best: FileCommitRef | null = null;
  for (const c of commits) if (keep(c) && (best === null || c.time > best.time)) best = c;
  return best;
};

/** The commit behind a version `write` recorded from disk, after a version before written at `before` (see SymbolVersion.commit). */
const commitOf = (commits: ReadonlyArray<FileCommitRef>, write: Moment, before: Moment | null, nextWrite: number): VersionCommit | null => {
  if (!DISK_SOURCES.has(write.meta.source)) return null;
  const at = Date.parse(write.recordedAt);
  if (before === null) {
    // Seen by the time the file was written again: a commit that arrived later came with a later checkout.
    const c = newest(commits, (c) => c.time * 1000 <= at && (c.arrived === null || c.arrived < nextWrite));
    return c === null ? null : { ...c, how: "checkout" };
  }
  // Arrived with this write or after it (a commit that arrived before it came with the version before).
  const seen = Date.parse(before.recordedAt);
  const c = newest(commits, (c) => c.arrived !== null && c.arrived > write.position && c.time * 1000 <= seen);
  return c === null ? null : { ...c, how: "pull" };
};

/**
 * Each version of one symbol along its file's history, oldest first: added, changed (signature,
 * kind, body, or its length) or removed, by the file change that made it. A parse that changes
 * nothing of the symbol (an edit elsewhere, a move) makes no version; a failed parse says nothing.
 */
export const symbolVersions = (moments: ReadonlyArray<Moment>, commits: ReadonlyArray<FileCommitRef> = []): SymbolVersion[] => {
  const out: SymbolVersion[] = [];
  const writes = new Map<string, Moment>();
  let lastWrite: Moment | null = null;
  let current: { readonly shape: SymbolShape; readonly body: string | null } | null = null;
  const writePositions = moments.filter((m) => m.type === "FileChanged" || m.type === "FileDeleted").map((m) => m.position);
  const nextWrite = (position: number) => writePositions.find((p) => p > position) ?? Infinity;
  // The write behind the newest version so far.
  let versionWrite: Moment | null = null;
  const push = (v: Omit<SymbolVersion, "commit">, write: Moment) => {
    out.push({ ...v, commit: commitOf(commits, write, versionWrite, nextWrite(write.position)) });
    versionWrite = write;
  };
  for (const m of moments) {
    switch (m.type) {
      case "FileChanged":
        if (m.contentHash !== null) writes.set(m.contentHash, m);
        lastWrite = m;
        break;
      case "FileDeleted":
        if (current !== null) {
          push({ change: "removed", what: [], position: m.position, at: m.recordedAt, ...shapeOf(current.shape), by: writerOf(m), fileDeleted: true }, m);
          current = null;
        }
        lastWrite = m;
        break;
      case "ParseFailed":
        break;
      case "FileParsed": {
        const write = (m.contentHash !== null ? writes.get(m.contentHash) : undefined) ?? lastWrite ?? m;
        const base = { position: m.position, at: write.recordedAt, by: writerOf(write), fileDeleted: false };
        if (m.symbol === null) {
          if (current !== null) push({ change: "removed", what: [], ...base, ...shapeOf(current.shape) }, write);
          current = null;
          break;
        }
        if (current === null) push({ change: "added", what: [], ...base, ...shapeOf(m.symbol) }, write);
        else {
          const what = partsChanged(current.shape, current.body, m.symbol, m.body);
          if (what.length > 0) push({ change: "changed", what, ...base, ...shapeOf(m.symbol) }, write);
          else {
            // The same version, moved: it now stands at these lines.
            const last = out[out.length - 1]!;
            out[out.length - 1] = { ...last, startLine: m.symbol.startLine, endLine: m.symbol.endLine };
          }
        }
        current = { shape: m.symbol, body: m.body };
        break;
      }
    }
  }
  return out;
};

const shapeOf = (s: SymbolShape) => ({ kind: s.kind, signature: s.signature, startLine: s.startLine, endLine: s.endLine });
