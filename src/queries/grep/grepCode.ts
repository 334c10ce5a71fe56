import * as Either from "effect/Either";
import type { ChunkReader } from "../../projections/index.js";
import { inScope, type PathScope } from "../analysis/PathScope.js";
import { compilePattern, type PatternOptions } from "./compilePattern.js";
import { GrepError } from "./GrepError.js";
import { GrepWorker } from "./grepWorker.js";
import { loadCorpus } from "./loadCorpus.js";
import type { LineMatch } from "./matchLines.js";
import { mergeContext, type GrepMatch } from "./mergeContext.js";

export { compilePattern, MAX_PATTERN_LENGTH, type CompiledPattern, type PatternOptions } from "./compilePattern.js";
export { GrepError } from "./GrepError.js";
export type { GrepMatch } from "./mergeContext.js";

export interface GrepOptions extends PatternOptions {
  /** A JavaScript regular expression (or, with `fixedStrings`, literal text), matched line by line. */
  readonly pattern: string;
  /** Only these files (a path argument normalised by `pathScope`). */
  readonly scope?: PathScope | undefined;
  readonly pageSize?: number | undefined;
  readonly offset?: number | undefined;
  /** Cap on the answer's size (estimated at 4 characters a token); the page ends early past it. */
  readonly maxResponseTokens?: number | undefined;
  /** Lines of context either side of a match. */
  readonly context?: number | undefined;
  readonly timeoutMs?: number | undefined;
}

export interface GrepAnswer {
  readonly pattern: string;
  /** The page's matches, their context merged where blocks touch (`mergeContext`). */
  readonly matches: ReadonlyArray<GrepMatch>;
  readonly offset: number;
  readonly pageSize: number;
  /** Offset of the next page, or null when this page is the last. */
  readonly nextOffset: number | null;
  /** The page was cut short by `maxResponseTokens`. */
  readonly truncated: boolean;
  readonly filesSearched: number;
  readonly tookMs: number;
}

export const DEFAULT_GREP_TIMEOUT_MS = 2_000;
const MAX_LINE_CHARS = 300;

const workers = new Map<string, GrepWorker>();
const corpusCache = new Map<string, { version: string; files: ReturnType<typeof loadCorpus> }>();

/**
 * Regex search over the indexed file contents (the read model, not the working tree), in a
 * worker thread with a hard time limit: a pathological pattern costs at most `timeoutMs` and
 * the process stays up.
 */
export const grepCode = async (reader: ChunkReader, options: GrepOptions): Promise<Either.Either<GrepAnswer, GrepError>> => {
  const t0 = performance.now();
  const { pattern } = options;
  const compiled = compilePattern(pattern, options);
  if (Either.isLeft(compiled)) return Either.left(compiled.left);
  const { source, flags } = compiled.right;
  const pageSize = Math.max(1, Math.min(500, options.pageSize ?? 50));
  const offset = Math.max(0, options.offset ?? 0);
  const maxTokens = options.maxResponseTokens ?? 8_000;
  const timeoutMs = options.timeoutMs ?? DEFAULT_GREP_TIMEOUT_MS;

  const key = reader.db.name;
  const version = `${reader.position()}`;
  let corpus = corpusCache.get(key);
  const files = () => {
    if (!corpus || corpus.version !== version) {
      corpus = { version, files: loadCorpus(reader.db) };
      corpusCache.set(key, corpus);
    }
    return corpus.files;
  };
  const inPath = options.scope && options.scope.kind !== "all" ? inScope(options.scope) : null;
  const selected = inPath ? files().flatMap((f, i) => (inPath(f.path) ? [i] : [])) : null;
  const worker = workers.get(key) ?? new GrepWorker();
  workers.set(key, worker);
  const outcome = await worker.search(
    version,
    files,
    { pattern: source, flags, files: selected, maxMatches: offset + pageSize + 1, context: Math.max(0, Math.min(10, options.context ?? 2)), maxLineChars: MAX_LINE_CHARS },
    timeoutMs,
  );
  if (outcome.kind === "timeout") {
    return Either.left(
      new GrepError({
        reason: "timeout",
        detail: `pattern ran past the ${timeoutMs} ms limit and was stopped (likely catastrophic backtracking): simplify it, e.g. remove nested quantifiers or backreferences`,
      }),
    );
  }
  if (outcome.kind === "failed") return Either.left(new GrepError({ reason: "failed", detail: `regex search failed: ${outcome.reason}` }));

  const page: LineMatch[] = [];
  let used = 0;
  let truncated = false;
  for (const m of outcome.matches.slice(offset, offset + pageSize)) {
    const cost = Math.ceil(JSON.stringify(m).length / 4);
    if (page.length > 0 && used + cost > maxTokens) {
      truncated = true;
      break;
    }
    page.push(m);
    used += cost;
  }
  const more = truncated || outcome.matches.length > offset + pageSize;
  return Either.right({
    pattern,
    matches: mergeContext(page),
    offset,
    pageSize,
    nextOffset: more ? offset + page.length : null,
    truncated,
    filesSearched: selected ? selected.length : files().length,
    tookMs: Math.round(performance.now() - t0),
  });
};

/** Stops the grep worker threads (they never keep the process alive, but tests tidy up). */
export const closeGrepWorkers = async (): Promise<void> => {
  for (const w of workers.values()) await w.close();
  workers.clear();
  corpusCache.clear();
};
