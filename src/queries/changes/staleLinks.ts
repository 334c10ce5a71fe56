import type { Writer } from "./Changes.js";
import { writerOf, type Moment, type SymbolShape } from "./symbolVersions.js";
import { writerText } from "./writerText.js";

/** What a `related_to` entry names in the log: a file, or a symbol of a file (`path:Qualified.name`). */
export interface LinkTarget {
  readonly path: string;
  /** The symbol's qualified name (the parser's id of its first definition); null for the file itself. */
  readonly symbol: string | null;
}

/**
 * A `related_to` entry as store_rule and store_decision link it (a file path, or `path:Symbol`),
 * told by whether the log has that file; null for a topic (a name the graph did not know then).
 */
export const linkTarget = (ref: string, isFile: (path: string) => boolean): LinkTarget | null => {
  if (isFile(ref)) return { path: ref, symbol: null };
  for (let i = ref.indexOf(":"); i > 0; i = ref.indexOf(":", i + 1)) {
    const path = ref.slice(0, i);
    const symbol = ref.slice(i + 1);
    if (symbol !== "" && isFile(path)) return { path, symbol };
  }
  return null;
};

/** How a linked file or symbol differs now from what it was when the memory entry was recorded. */
export interface StaleLink {
  /** removed: the symbol is gone from its file; deleted: its file is; signature: it has another; changed: the file was edited. */
  readonly change: "removed" | "deleted" | "signature" | "changed";
  /** When it came to differ (and has since): the file change that made it so. */
  readonly at: string;
  readonly by: Writer;
  /** A symbol's signature when the entry was recorded, and now (null when gone). */
  readonly before: string | null;
  readonly after: string | null;
  /** For a file: how many times it was written with new content since. */
  readonly edits: number;
  /** The log position of the change that made it differ (the deletion, for a file deleted). */
  readonly position: number;
  /** For a deletion: the content the file last had, by which a move is found. */
  readonly lastContent: string | null;
  /** For a deletion that was a move (the same content added at another path): that path. */
  readonly movedTo?: string | null;
}

type Shape = Pick<SymbolShape, "kind" | "signature">;
const differs = (now: Shape | null, then: Shape): boolean => now === null || now.signature !== then.signature || now.kind !== then.kind;

/**
 * A symbol link against its file's timeline (each parse with that symbol): stale when, at the
 * end, the symbol is gone or has another signature or kind than at `recordedAt` (a log position).
 * Null when it is as it was, or when the log did not hold it then (nothing to compare with).
 */
const staleSymbol = (moments: ReadonlyArray<Moment>, recordedAt: number): StaleLink | null => {
  let then: SymbolShape | null = null;
  let i = 0;
  for (; i < moments.length && moments[i]!.position <= recordedAt; i++) {
    const m = moments[i]!;
    if (m.type === "FileParsed") then = m.symbol;
    else if (m.type === "FileDeleted") then = null;
  }
  if (then === null) return null;
  let now: SymbolShape | null = then;
  let since: { moment: Moment; write: Moment; deleted: boolean } | null = null;
  const writes = new Map<string, Moment>();
  let lastWrite: Moment | null = null;
  for (const m of moments) {
    if (m.type === "FileChanged" && m.contentHash !== null) {
      writes.set(m.contentHash, m);
      lastWrite = m;
    }
    if (m.position <= recordedAt || (m.type !== "FileParsed" && m.type !== "FileDeleted")) continue;
    const next = m.type === "FileParsed" ? m.symbol : null;
    const write = m.type === "FileDeleted" ? m : ((m.contentHash !== null ? writes.get(m.contentHash) : undefined) ?? lastWrite ?? m);
    if (!differs(next, then)) since = null;
    else if (since === null || !differs(now, then) || (next === null) !== (now === null)) since = { moment: m, write, deleted: m.type === "FileDeleted" };
    now = next;
  }
  if (since === null) return null;
  const change = now === null ? (since.deleted ? "deleted" : "removed") : "signature";
  const lastContent = since.deleted ? lastContentBefore(moments, since.moment.position) : null;
  return { change, at: since.write.recordedAt, by: writerOf(since.write), before: then.signature, after: now?.signature ?? null, edits: 0, position: since.moment.position, lastContent };
};

/** A file link: stale when the file was deleted, or written with other content, after `recordedAt`. */
const staleFile = (moments: ReadonlyArray<Moment>, recordedAt: number): StaleLink | null => {
  let then: string | null = null;
  let known = false;
  let hash: string | null = null;
  let edits = 0;
  let last: Moment | null = null;
  for (const m of moments) {
    if (m.type !== "FileChanged" && m.type !== "FileDeleted") continue;
    const next = m.type === "FileChanged" ? m.contentHash : null;
    if (m.position <= recordedAt) {
      then = next;
      hash = next;
      known = true;
      continue;
    }
    if (next !== hash) {
      if (next !== null) edits++;
      last = m;
    }
    hash = next;
  }
  if (!known || then === null || hash === then || last === null) return null;
  const deleted = hash === null;
  return {
    change: deleted ? "deleted" : "changed",
    at: last.recordedAt,
    by: writerOf(last),
    before: null,
    after: null,
    edits,
    position: last.position,
    lastContent: deleted ? lastContentBefore(moments, last.position) : null,
  };
};

/** The content the file was last written with before `position`. */
const lastContentBefore = (moments: ReadonlyArray<Moment>, position: number): string | null => {
  let hash: string | null = null;
  for (const m of moments) if (m.position < position && m.type === "FileChanged") hash = m.contentHash;
  return hash;
};

/** Whether a linked file or symbol changed or vanished since the entry was recorded at `recordedAt`. */
export const staleLink = (target: LinkTarget, moments: ReadonlyArray<Moment>, recordedAt: number): StaleLink | null =>
  target.symbol === null ? staleFile(moments, recordedAt) : staleSymbol(moments, recordedAt);

/** `3 days ago`, `2 h ago`, `5 min ago`. */
export const agoText = (iso: string, now: number): string => {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
};

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** `refers to parseConfig (src/config.ts), removed 3 days ago by hook session 5f2c1e0a…`. */
export const staleText = (target: LinkTarget, flag: StaleLink, now: number): string => {
  const what = target.symbol === null ? target.path : `${target.symbol} (${target.path})`;
  const when = `${agoText(flag.at, now)} by ${writerText(flag.by)}`;
  switch (flag.change) {
    case "removed":
      return `refers to ${what}, removed ${when}`;
    case "deleted":
      if (flag.movedTo) return `refers to ${what}, ${target.symbol === null ? "" : "whose file was "}moved to ${flag.movedTo} ${when}`;
      return `refers to ${what}, ${target.symbol === null ? "deleted" : "whose file was deleted"} ${when}`;
    case "signature":
      return `refers to ${what}, whose signature changed ${when}: ${oneLine(flag.before ?? "")} → ${oneLine(flag.after ?? "")}`;
    case "changed":
      return `refers to ${what}, changed since (${plural(flag.edits, "edit")}, the last ${when})`;
  }
};

const oneLine = (text: string, max = 120): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
