import { join } from "node:path";
import { encodeParseResult, decodeSourceBytes, type ParseInput, type EncodedParseResult, type ParseLimits, type SourceParser } from "../parse/index.js";
import { trace, classifyContent, hashContent, readSourceFile } from "../shared/index.js";

/**
 * How long a file must stay quiet after its last event before it is read ahead: a save is one
 * to three events within a few milliseconds, and reading between them would parse a half-written file.
 */
export const SETTLE_MS = 10;
/** Files waiting to be read ahead at most; also the parses held at most. */
const MAX_AHEAD = 32;
/**
 * More file events than this within BURST_WINDOW_MS is a burst (a branch switch, a generator):
 * it is left to the catch-up's own batches, which spread it over every worker. Parsing it ahead
 * as well kept the workers busy with parses only the last MAX_AHEAD of which could be held: on a
 * sympy checkout of ~300 files, two parses in three were thrown away while the catch-up waited
 * for the workers. An editor's saves, even a few a second, stay far below it.
 */
const BURST_EVENTS = 64;
const BURST_WINDOW_MS = 1_000;
/** A parse no FileChanged asked for this long (a save that changed nothing, an ignored file) is dropped. */
const HELD_MS = 30_000;

/** A parser that can also be told, before a file's FileChanged is recorded, that the file is about to change. */
export interface ParseAheadParser extends SourceParser {
  /** `path` (relative to the root) got a file event: parse it once it settles, ready for its FileChanged. */
  ahead(path: string): void;
  /** Drops what is held and every pending read. */
  clear(): void;
  /** Settles once no read is waiting for its file to settle (the parses it started may still run). */
  settled(): Promise<void>;
}

/**
 * Parses a file as soon as a file event names it, while the watcher waits out its debounce, and
 * hands that parse to the catch-up that follows if the file still holds the same bytes (the
 * content hash decides): the parse then costs the save nothing but the wait it already had.
 * A parse of content that changed again is simply not used; parsing is a pure function of the
 * text, so a held parse is the parse the catch-up would have made.
 */
export const parseAhead = (inner: SourceParser, root: string, limits: ParseLimits): ParseAheadParser => {
  const held = new Map<string, { readonly hash: string; readonly result: Promise<EncodedParseResult>; readonly at: number }>();
  const timers = new Map<string, NodeJS.Timeout>();
  /** When the file events of the last BURST_WINDOW_MS came, oldest first. */
  const recent: number[] = [];
  const inBurst = (now: number): boolean => {
    recent.push(now);
    while (recent[0]! < now - BURST_WINDOW_MS) recent.shift();
    return recent.length > BURST_EVENTS;
  };
  const encoded = async (input: ParseInput): Promise<EncodedParseResult> =>
    inner.parseEncoded ? inner.parseEncoded(input) : encodeParseResult(await inner.parse(input));

  const read = (path: string): void => {
    timers.delete(path);
    const file = readSourceFile(join(root, path), limits.maxFileBytes);
    if (!file.ok) return void held.delete(path);
    const contentHash = hashContent(file.bytes);
    if (held.get(path)?.hash === contentHash) return;
    held.delete(path);
    // Whatever the catch-up would not parse (too long lines, binary) it records as a failure itself.
    if (!classifyContent(file.bytes, limits.maxLineLength).ok) return;
    const decoded = decodeSourceBytes(file.bytes);
    if (!("text" in decoded)) return;
    const now = Date.now();
    for (const [p, h] of held) if (held.size >= MAX_AHEAD || now - h.at > HELD_MS) held.delete(p);
    trace("ParseAhead.read", () => path);
    const result = encoded({ path, text: decoded.text, contentHash, budgetMs: limits.budgetMs });
    // A failed parse ahead is parsed again by the catch-up, which reports it.
    result.catch(() => held.delete(path));
    held.set(path, { hash: contentHash, result, at: now });
  };

  const take = (input: ParseInput): Promise<EncodedParseResult> | null => {
    const found = held.get(input.path);
    if (found === undefined || found.hash !== input.contentHash) return null;
    held.delete(input.path);
    trace("ParseAhead.taken", () => input.path);
    return found.result;
  };

  return {
    parse: (input) => inner.parse(input),
    parseEncoded: async (input) => {
      const ready = take(input);
      if (ready !== null) {
        const r = await ready.catch(() => null);
        if (r !== null) return r;
      }
      return encoded(input);
    },
    ahead: (path) => {
      if (inBurst(Date.now())) {
        // The reads not started yet are the catch-up's; what was read is kept, and taken if it still holds.
        if (timers.size > 0) trace("ParseAhead.burst", () => `${timers.size} reads dropped`);
        for (const t of timers.values()) clearTimeout(t);
        timers.clear();
        return;
      }
      if (!timers.has(path) && timers.size >= MAX_AHEAD) return;
      clearTimeout(timers.get(path));
      const timer = setTimeout(() => {
        try {
          read(path);
        } catch {
          // Only a hint: the catch-up reads the file again and reports what is wrong with it.
          held.delete(path);
        }
      }, SETTLE_MS);
      timer.unref();
      timers.set(path, timer);
    },
    settled: async () => {
      while (timers.size > 0) await new Promise((r) => setTimeout(r, SETTLE_MS));
    },
    clear: () => {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      held.clear();
      recent.length = 0;
    },
  };
};
