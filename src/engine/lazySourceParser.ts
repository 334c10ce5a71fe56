import { encodeParseResult, type EncodedParseResult, type SourceParser, type ParseInput } from "../parse/index.js";

type ClosableParser = SourceParser & { close(): Promise<void> };

/** What the coming catch-up has to parse, as far as the log says (FileChanged events and their sizes). */
export interface PendingParses {
  readonly files: number;
  readonly bytes: number;
}

/**
 * A catch-up this small is parsed on the calling thread while no worker runs: starting the pool
 * (a thread per core, each loading tree-sitter and compiling the parser's code) costs far more
 * than parsing a few ordinary files. The byte bound keeps the thread from being held long, and
 * the per-file budget still applies.
 */
export const INLINE_MAX_FILES = 4;
export const INLINE_MAX_BYTES = 256 * 1024;

export const parsesInline = (pending: PendingParses): boolean =>
  pending.files <= INLINE_MAX_FILES && pending.bytes <= INLINE_MAX_BYTES;

export interface LazySourceParser extends ClosableParser {
  /** Stops the parser until the next `parse` (its workers' memory goes back to the system). */
  release(): Promise<void>;
  /**
   * Told before each catch-up what it holds: a small one is parsed by `inline` unless the
   * workers are already running (then a round trip to them costs less than the parse).
   */
  plan(pending: PendingParses): void;
  /** Whether the workers are started (or starting). */
  readonly started: boolean;
}

/** A parser created on the first `parse` call of a catch-up too large to parse inline. */
export const lazySourceParser = (create: () => Promise<ClosableParser>, inline?: ClosableParser): LazySourceParser => {
  let parser: Promise<ClosableParser> | null = null;
  let useInline = false;
  const release = async () => {
    const current = parser;
    parser = null;
    if (current !== null) await (await current).close();
  };
  const current = (): ClosableParser | Promise<ClosableParser> => (useInline && parser === null && inline ? inline : (parser ??= create()));
  const encoded = async (p: ClosableParser, input: ParseInput): Promise<EncodedParseResult> =>
    p.parseEncoded ? p.parseEncoded(input) : encodeParseResult(await p.parse(input));
  return {
    parse: async (input) => (await current()).parse(input),
    parseEncoded: async (input) => encoded(await current(), input),
    plan: (pending) => {
      useInline = inline !== undefined && parsesInline(pending);
    },
    get started() {
      return parser !== null;
    },
    release,
    close: release,
  };
};
