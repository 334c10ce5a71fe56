import type { ChunkReader } from "../../projections/index.js";

/** A file's lines as the chunk table holds them (1-based; lines no chunk covers are absent). */
export interface FileLines {
  get(line: number): string | undefined;
  /** Lines `start` to `end`, absent ones empty, joined by line breaks. */
  text(start: number, end: number): string;
  /** The length of `text(start, end)`, without building it. */
  chars(start: number, end: number): number;
  /** The last line the chunks hold (0 for a file not indexed). */
  readonly lastLine: number;
}

interface Kept {
  readonly lines: ReadonlyArray<string | undefined>;
  readonly chars: number;
}

/** Characters of file text kept between answers: the files an agent's tasks keep landing in. */
const MAX_KEPT_CHARS = 16_000_000;

/** Per chunk table: the files read, valid while the table's checkpoint stands still. */
const kept = new WeakMap<ChunkReader, { position: number; files: Map<string, Kept>; chars: number }>();

const read = (chunks: ChunkReader, path: string): Kept => {
  const lines: Array<string | undefined> = [];
  let chars = 0;
  for (const row of chunks.rowsOf(path)) {
    const split = row.text.split("\n");
    for (let i = 0; i < split.length; i++) lines[row.startLine + i - 1] = split[i];
    chars += row.text.length;
  }
  return { lines, chars };
};

const view = ({ lines }: Kept): FileLines => ({
  lastLine: lines.length,
  get: (line) => (line >= 1 ? lines[line - 1] : undefined),
  text: (start, end) => {
    const out: string[] = [];
    for (let l = start; l <= end; l++) out.push(lines[l - 1] ?? "");
    return out.join("\n");
  },
  chars: (start, end) => {
    if (end < start) return 0;
    let n = end - start;
    for (let l = start; l <= end; l++) n += lines[l - 1]?.length ?? 0;
    return n;
  },
});

/**
 * Reads files' lines from the chunk table, keeping them across answers until the table changes:
 * a smart-context answer reads the whole text of a few dozen files (each hit's file for the
 * seeds, each ranked symbol's body), and the next task mostly lands in the same ones.
 */
export const fileLines = (chunks: ChunkReader): ((path: string) => FileLines) => {
  const position = chunks.position();
  let cache = kept.get(chunks);
  if (!cache || cache.position !== position) kept.set(chunks, (cache = { position, files: new Map(), chars: 0 }));
  const c = cache;
  return (path) => {
    let file = c.files.get(path);
    if (file) {
      // Most recently used last: eviction takes from the front.
      c.files.delete(path);
      c.files.set(path, file);
      return view(file);
    }
    file = read(chunks, path);
    c.files.set(path, file);
    c.chars += file.chars;
    for (const [p, f] of c.files) {
      if (c.chars <= MAX_KEPT_CHARS || p === path) break;
      c.files.delete(p);
      c.chars -= f.chars;
    }
    return view(file);
  };
};
