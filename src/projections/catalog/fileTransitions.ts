/**
 * What each file event does to a file's catalog row, as plain functions: the catalog folds a
 * batch's file events in memory and writes each touched row once (a replay changes most files
 * many times over; only the last state reaches SQLite). `undefined` is "no row".
 */
export interface FileState {
  readonly path: string;
  readonly content_hash: string | null;
  readonly language: string | null;
  readonly size: number | null;
  readonly mtime: number | null;
  readonly status: "changed" | "parsed" | "failed" | "skipped";
  readonly reason: string | null;
  readonly parser_version: string | null;
  readonly symbols: number;
  readonly changed_position: number | null;
  readonly parsed_position: number | null;
}

export interface ChangedFields {
  readonly path: string;
  readonly contentHash: string;
  readonly language: string | null;
  readonly size: number;
  readonly mtime: number;
}

export interface ParsedFields {
  readonly path: string;
  readonly contentHash: string;
  readonly language: string;
  readonly parserVersion: string;
  readonly symbolCount: number;
}

/** A new content: parse results of the old one stay until the new one is parsed. */
export const fileChanged = (row: FileState | undefined, d: ChangedFields, position: number): FileState => ({
  path: d.path,
  content_hash: d.contentHash,
  language: d.language,
  size: d.size,
  mtime: d.mtime,
  status: "changed",
  reason: null,
  parser_version: row?.parser_version ?? null,
  symbols: row?.symbols ?? 0,
  changed_position: position,
  parsed_position: row?.parsed_position ?? null,
});

/** Kept out of the index: the row says why; a skip of a known file keeps its first sighting's position. */
export const fileSkipped = (row: FileState | undefined, path: string, reason: string, position: number): FileState =>
  row === undefined
    ? { path, content_hash: null, language: null, size: null, mtime: null, status: "skipped", reason, parser_version: null, symbols: 0, changed_position: position, parsed_position: null }
    : { ...row, status: "skipped", reason, content_hash: null, symbols: 0 };

/** A parse result counts only for the content it was made from: a later change makes it moot. */
export const fileParsed = (row: FileState | undefined, d: ParsedFields, position: number): FileState | undefined =>
  row === undefined || row.content_hash !== d.contentHash
    ? row
    : { ...row, status: "parsed", reason: null, parser_version: d.parserVersion, symbols: d.symbolCount, parsed_position: position, language: d.language };

/**
 * The new content did not parse: the old content's parse results (kept while it was pending,
 * see fileChanged) describe nothing any more, as in the graph, which drops the file's symbols.
 * A fresh index of the same tree never saw them.
 */
export const parseFailed = (row: FileState | undefined, contentHash: string, reason: string, position: number): FileState | undefined =>
  row === undefined || row.content_hash !== contentHash
    ? row
    : { ...row, status: "failed", reason, parser_version: null, symbols: 0, parsed_position: position };
