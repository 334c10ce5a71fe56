import { closeSync, openSync, writeSync } from "node:fs";
import type { GraphEdge } from "./model.js";

export type CsvValue = string | number | boolean | null;

/**
 * A string is quoted (`"` doubled) only when it must be: when it holds a delimiter, quote,
 * line break or backslash, has edge whitespace, or is empty. Ids and names rarely need it, and
 * Kuzu reads unquoted fields faster. Null is an empty field; Kuzu reads `""` as null too, which
 * is fine because we never store empty strings.
 */
const NEEDS_QUOTES = /[",\n\r\\]|^\s|\s$/;
const csvString = (v: string): string => (v === "" || NEEDS_QUOTES.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/**
 * Options every COPY of our CSV files takes: Kuzu's dialect sniffer costs more CPU than the
 * load itself, and our files always use its defaults.
 */
export const CSV_COPY_OPTIONS = "HEADER=false, AUTO_DETECT=false";

/** Bytes buffered before a write to the file. */
const BUFFER_BYTES = 1 << 20;

/**
 * UTF-16 units of text gathered before they are encoded: one Buffer.write per ~1,000 rows
 * instead of one per field and separator (sympy has 122k call and test edges to write). The
 * pieces die young, well before a scavenge would have to copy them.
 */
const PENDING_UNITS = 1 << 16;

/**
 * Encodes text straight into a reused buffer and writes it out as it fills. Building the file
 * as one string instead (`out += line`) keeps every piece of it alive until the end: on a cold
 * graph, with the whole parse in the heap, the scavenges copying them took most of the time
 * spent writing CSV.
 */
class CsvSink {
  private readonly fd: number;
  private readonly buf = Buffer.allocUnsafe(BUFFER_BYTES);
  private used = 0;
  private pending = "";

  constructor(file: string) {
    this.fd = openSync(file, "w");
  }

  text(s: string): void {
    this.pending += s;
    if (this.pending.length >= PENDING_UNITS) this.drain();
  }

  field(v: CsvValue): void {
    if (v === null) return;
    this.text(typeof v === "string" ? csvString(v) : String(v));
  }

  close(): void {
    try {
      this.drain();
      this.flush();
    } finally {
      closeSync(this.fd);
    }
  }

  /** Encodes the gathered text into the buffer, writing the buffer out first if it would not fit. */
  private drain(): void {
    const s = this.pending;
    this.pending = "";
    if (s === "") return;
    // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair is 4 bytes for 2 units).
    if (this.used + s.length * 3 > BUFFER_BYTES) {
      this.flush();
      if (s.length * 3 > BUFFER_BYTES) {
        const bytes = Buffer.from(s, "utf8");
        this.writeAll(bytes, bytes.length);
        return;
      }
    }
    this.used += this.buf.write(s, this.used, "utf8");
  }

  private flush(): void {
    this.writeAll(this.buf, this.used);
    this.used = 0;
  }

  /** writeSync may write less than asked; loops until all `length` bytes are out. */
  private writeAll(bytes: Buffer, length: number): void {
    let done = 0;
    while (done < length) done += writeSync(this.fd, bytes, done, length - done);
  }
}

/** Writes a CSV file through a CsvSink, closing it whatever happens. */
const withSink = (file: string, write: (sink: CsvSink) => void): void => {
  const sink = new CsvSink(file);
  try {
    write(sink);
  } finally {
    sink.close();
  }
};

/** Writes headerless CSV in the given column order, the shape `COPY … (HEADER=false)` reads. */
export const writeCsv = (
  file: string,
  columns: ReadonlyArray<string>,
  rows: ReadonlyArray<Readonly<Record<string, CsvValue>>>,
): void =>
  withSink(file, (sink) => {
    for (const row of rows) {
      for (let i = 0; i < columns.length; i++) {
        if (i > 0) sink.text(",");
        sink.field(row[columns[i]!] ?? null);
      }
      sink.text("\n");
    }
  });

/** Writes edges as headerless `from,to,line` rows, the shape a rel table's COPY reads. */
export const writeEdgeCsv = (file: string, edges: ReadonlyArray<GraphEdge>): void =>
  withSink(file, (sink) => {
    for (const e of edges) {
      sink.text(csvString(e.from));
      sink.text(",");
      sink.text(csvString(e.to));
      sink.text(",");
      sink.text(String(e.line));
      sink.text("\n");
    }
  });

/** Whether any string in these rows holds a line break (Kuzu's parallel CSV reader rejects quoted newlines). */
export const hasLineBreaks = (rows: ReadonlyArray<Readonly<Record<string, CsvValue>>>): boolean =>
  rows.some((r) => Object.values(r).some((v) => typeof v === "string" && (v.includes("\n") || v.includes("\r"))));
