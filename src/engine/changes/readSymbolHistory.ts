import { findRenamedFrom, lastPositionInStream, readFileTimeline, type LogHandle } from "../../events/log.js";
import {
  linkTarget,
  type LinkTarget,
  type StaleLink,
  symbolVersions,
  type FileCommitRef,
  type Moment,
  type SymbolVersion,
  type LinkedMemory,
} from "../../queries/index.js";
import { isLoggedFile, readLinkedMemory, staleLinkIn, timelineReader } from "./readStaleMemory.js";

/** A rule or decision linked to a symbol: by the symbol itself, by its name alone (a topic), or by its file. */
export interface SymbolMemory {
  readonly entry: LinkedMemory;
  readonly ref: string;
  readonly via: "symbol" | "name" | "file";
  /** Set when the link is stale (see readStaleMemory). */
  readonly flag: StaleLink | null;
  readonly target: LinkTarget | null;
}

/** A rename the history followed back: the file was `from` until the log's `position`. */
export interface FileMove {
  readonly from: string;
  readonly to: string;
  /** The old path's deletion. */
  readonly position: number;
  readonly at: string;
}

export interface SymbolHistory {
  /** Each with the path its file had then. */
  readonly versions: ReadonlyArray<SymbolVersion & { readonly path: string }>;
  /** Oldest first. */
  readonly moves: ReadonlyArray<FileMove>;
  readonly memory: ReadonlyArray<SymbolMemory>;
}

/** Renames followed back at most: a file moved more often than this shows its latest moves. */
const MAX_MOVES = 8;

/**
 * The symbol's file's timeline, followed back through renames: while the earliest path's first
 * write has the content a file deleted beside it last had, that file's timeline up to its
 * deletion comes first. The same content gives the same symbol ids, so a move alone makes no version.
 */
const timelineAcrossRenames = (log: LogHandle, path: string, id: string): { moments: Moment[]; moves: FileMove[] } => {
  let moments: Moment[] = readFileTimeline(log, path, { symbol: id, body: true });
  let first = moments[0];
  let current = path;
  const moves: FileMove[] = [];
  while (moves.length < MAX_MOVES && first !== undefined && first.type === "FileChanged" && first.contentHash !== null) {
    const from = findRenamedFrom(log, current, { position: first.position, contentHash: first.contentHash });
    if (from === null || from.path === path || moves.some((m) => m.from === from.path)) break;
    const older = readFileTimeline(log, from.path, { symbol: id, body: true }).filter((m) => m.position < from.position);
    moves.unshift({ from: from.path, to: current, position: from.position, at: first.recordedAt });
    moments = [...older, ...moments];
    current = from.path;
    first = older[0];
  }
  return { moments, moves };
};

/** The path a file had at `position`, given its moves oldest first. */
const pathAt = (moves: ReadonlyArray<FileMove>, path: string, position: number): string => moves.find((m) => position < m.position)?.from ?? path;

/**
 * Every version of the symbol `id` (the parser's id) of the file `path`, read from the file's
 * stream in the log (and the streams of the paths it had before, see timelineAcrossRenames), and the rules and decisions in force linked to it. `commits` are the file's
 * commits (the history read model); with when the log saw each arrive, they name the commit
 * behind a version read from disk.
 */
export const readSymbolHistory = (
  log: LogHandle,
  symbol: { readonly path: string; readonly id: string; readonly name: string; readonly qualifiedName: string },
  commits: ReadonlyArray<Omit<FileCommitRef, "arrived">> = [],
): SymbolHistory => {
  // When each commit arrived: its CommitObserved, one lookup by its stream each.
  const arrivals = commits.map((c) => ({ ...c, arrived: lastPositionInStream(log, `commit:${c.sha}`, ["CommitObserved"]) }));
  const { moments, moves } = timelineAcrossRenames(log, symbol.path, symbol.id);
  const versions = symbolVersions(moments, arrivals).map((v) => ({ ...v, path: pathAt(moves, symbol.path, v.position) }));
  const isFile = isLoggedFile(log);
  const timeline = timelineReader(log);
  // Linked under any name its file had.
  const paths = new Set([symbol.path, ...moves.map((m) => m.from)]);
  const memory: SymbolMemory[] = [];
  for (const entry of readLinkedMemory(log)) {
    for (const ref of entry.relatedTo) {
      const target = linkTarget(ref, isFile);
      const via =
        target === null
          ? ref === symbol.qualifiedName || ref === symbol.name
            ? "name"
            : null
          : !paths.has(target.path)
            ? null
            : target.symbol === null
              ? "file"
              : target.symbol === symbol.qualifiedName || target.symbol === symbol.id
                ? "symbol"
                : null;
      if (via === null) continue;
      const flag = target === null ? null : staleLinkIn(log, target, timeline(target), entry.position);
      memory.push({ entry, ref, via, flag, target });
      break;
    }
  }
  return { versions, moves, memory };
};

/**
 * `path:Qualified.name` naming a file the log holds and a symbol some parse of it held (also one
 * removed since): its path and id; null for anything else.
 */
export const loggedSymbol = (log: LogHandle, text: string): { readonly path: string; readonly id: string } | null => {
  const target = linkTarget(text.trim().replace(/^\.\//, ""), isLoggedFile(log));
  if (target === null || target.symbol === null) return null;
  const seen = readFileTimeline(log, target.path, { symbol: target.symbol }).some((m) => m.symbol !== null);
  return seen ? { path: target.path, id: target.symbol } : null;
};
