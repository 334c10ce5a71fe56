import { lastPositionInStream } from "../../events/sqlite/lastPositionInStream.js";
import { readFileTimeline } from "../../events/sqlite/readFileTimeline.js";
import type { LogHandle } from "../../events/sqlite/openEventLog.js";
import type { LinkedMemory } from "../../queries/changes/memoryInForce.js";
import { linkTarget, staleLink, type LinkTarget, type StaleLink } from "../../queries/changes/staleLinks.js";
import { symbolVersions, type FileCommitRef, type SymbolVersion } from "../../queries/changes/symbolVersions.js";
import { isLoggedFile, readLinkedMemory, timelineReader } from "./readStaleMemory.js";

/** A rule or decision linked to a symbol: by the symbol itself, by its name alone (a topic), or by its file. */
export interface SymbolMemory {
  readonly entry: LinkedMemory;
  readonly ref: string;
  readonly via: "symbol" | "name" | "file";
  /** Set when the link is stale (see readStaleMemory). */
  readonly flag: StaleLink | null;
  readonly target: LinkTarget | null;
}

export interface SymbolHistory {
  readonly versions: ReadonlyArray<SymbolVersion>;
  readonly memory: ReadonlyArray<SymbolMemory>;
}

/**
 * Every version of the symbol `id` (the parser's id) of the file `path`, read from the file's
 * stream in the log, and the rules and decisions in force linked to it. `commits` are the file's
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
  const versions = symbolVersions(readFileTimeline(log, symbol.path, { symbol: symbol.id, body: true }), arrivals);
  const isFile = isLoggedFile(log);
  const timeline = timelineReader(log);
  const memory: SymbolMemory[] = [];
  for (const entry of readLinkedMemory(log)) {
    for (const ref of entry.relatedTo) {
      const target = linkTarget(ref, isFile);
      const via =
        target === null
          ? ref === symbol.qualifiedName || ref === symbol.name
            ? "name"
            : null
          : target.path !== symbol.path
            ? null
            : target.symbol === null
              ? "file"
              : target.symbol === symbol.qualifiedName || target.symbol === symbol.id
                ? "symbol"
                : null;
      if (via === null) continue;
      const flag = target === null ? null : staleLink(target, timeline(target), entry.position);
      memory.push({ entry, ref, via, flag, target });
      break;
    }
  }
  return { versions, memory };
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
