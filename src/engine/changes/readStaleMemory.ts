// Modules by their own paths: the session-start hook reads stale memory without the schema library.
import { findRenamedTo, readEvents, readFileTimeline, streamVersion, type LogHandle } from "../../events/log.js";
import {
  LINKED_MEMORY_TYPES,
  memoryInForce,
  type LinkedMemory,
  linkTarget,
  staleLink,
  type LinkTarget,
  type StaleLink,
  type Moment,
} from "../../queries/index.js";

/** A rule or decision in force whose linked file or symbol changed or vanished since it was stored. */
export interface StaleMemory {
  readonly entry: LinkedMemory;
  /** The `related_to` entry as stored. */
  readonly ref: string;
  readonly target: LinkTarget;
  readonly flag: StaleLink;
}

/** Rules and decisions in force, from their events: one read per type, each by the type's index. */
export const readLinkedMemory = (log: LogHandle): LinkedMemory[] =>
  memoryInForce(LINKED_MEMORY_TYPES.flatMap((type) => readEvents(log, { types: [type] })).sort((a, b) => a.position - b.position));

/** Reads each linked file's (or symbol's) timeline once, however many entries link it. */
export const timelineReader = (log: LogHandle): ((target: LinkTarget) => ReadonlyArray<Moment>) => {
  const read = new Map<string, ReadonlyArray<Moment>>();
  return (target) => {
    const key = `${target.path}\0${target.symbol ?? ""}`;
    let moments = read.get(key);
    if (moments === undefined) read.set(key, (moments = readFileTimeline(log, target.path, target.symbol === null ? {} : { symbol: target.symbol })));
    return moments;
  };
};

/** A stale link as the log tells it: a deletion that was a move says where the file went. */
export const staleLinkIn = (log: LogHandle, target: LinkTarget, moments: ReadonlyArray<Moment>, recordedAt: number): StaleLink | null => {
  const flag = staleLink(target, moments, recordedAt);
  if (flag === null || flag.change !== "deleted" || flag.lastContent === null) return flag;
  return { ...flag, movedTo: findRenamedTo(log, target.path, { position: flag.position, lastContent: flag.lastContent }) };
};

/** Whether the log has a stream for this file: what tells a linked path from a topic. */
export const isLoggedFile = (log: LogHandle) => (path: string): boolean => streamVersion(log, `file:${path}`) > 0;

/**
 * Each link of a rule or decision in force that is stale: its file or symbol differs from what
 * the log held when the entry was stored. A query over the log: nothing to rebuild, and as current
 * as the log. Topics (names the graph did not know) are not links and never stale.
 */
export const readStaleMemory = (log: LogHandle, entries: ReadonlyArray<LinkedMemory> = readLinkedMemory(log)): StaleMemory[] => {
  const timeline = timelineReader(log);
  const isFile = isLoggedFile(log);
  const out: StaleMemory[] = [];
  for (const entry of entries) {
    for (const ref of entry.relatedTo) {
      const target = linkTarget(ref, isFile);
      if (target === null) continue;
      const flag = staleLinkIn(log, target, timeline(target), entry.position);
      if (flag !== null) out.push({ entry, ref, target, flag });
    }
  }
  return out;
};
