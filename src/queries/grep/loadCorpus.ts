import type Database from "better-sqlite3";
import type { CorpusFile } from "./matchLines.js";

/**
 * Each file's text as the read model knows it: its chunks laid at their lines, gaps between
 * chunks blank. Every line number is exact. A chunk's first line keeps its indentation, except
 * in a parse by an extractor older than that (`nemesis index` parses such files again).
 */
export const loadCorpus = (db: Database.Database): CorpusFile[] => {
  const rows = db.prepare("SELECT path, start_line AS startLine, text FROM chunks ORDER BY path, start_line").iterate() as IterableIterator<{
    path: string;
    startLine: number;
    text: string;
  }>;
  const out: CorpusFile[] = [];
  let path: string | null = null;
  let parts: string[] = [];
  let line = 1;
  const flush = () => {
    if (path !== null) out.push({ path, text: parts.join("") });
  };
  for (const r of rows) {
    if (r.path !== path) {
      flush();
      path = r.path;
      parts = [];
      line = 1;
    }
    if (r.startLine < line) continue; // overlapping chunk: the earlier one already holds these lines
    parts.push("\n".repeat(r.startLine - line), r.text);
    let newlines = 0;
    for (let i = r.text.indexOf("\n"); i >= 0; i = r.text.indexOf("\n", i + 1)) newlines++;
    line = r.startLine + newlines;
  }
  flush();
  return out;
};
