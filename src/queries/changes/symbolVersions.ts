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
  /** A commit of the file that explains a change read from disk (a scan or the watcher): made after the version before and by then. */
  readonly commit: FileCommitRef | null;
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

/** The newest commit in (after, upTo], or null. */
const commitIn = (commits: ReadonlyArray<FileCommitRef>, after: number | null, upTo: number): FileCommitRef | null => {
  let best: FileCommitRef | null = null;
  for (const c of commits) {
    const t = c.time * 1000;
    if (t > upTo || (after !== null && t <= after)) continue;
    if (best === null || c.time > best.time) best = c;
  }
  return best;
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
  const push = (v: Omit<SymbolVersion, "commit">, write: Moment) => {
    const before = out.length > 0 ? Date.parse(out[out.length - 1]!.at) : null;
    const commit = DISK_SOURCES.has(write.meta.source) ? commitIn(commits, before, Date.parse(v.at)) : null;
    out.push({ ...v, commit });
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
