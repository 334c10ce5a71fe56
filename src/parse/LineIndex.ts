/**
 * Maps a UTF-16 string index to a 1-based line and 0-based column (UTF-16 code units),
 * counting lines on `\n` exactly as tree-sitter does.
 */
export class LineIndex {
  private readonly starts: Int32Array;
  readonly lineCount: number;

  constructor(text: string) {
    let count = 1;
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) count++;
    const starts = new Int32Array(count);
    let line = 1;
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts[line++] = i + 1;
    this.starts = starts;
    // A trailing newline does not open a line of its own for people counting lines.
    this.lineCount = text.length === 0 ? 0 : text.endsWith("\n") ? count - 1 : count;
  }

  /** 1-based line containing `index`. */
  line(index: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** 0-based column of `index` on its line. */
  col(index: number, line: number = this.line(index)): number {
    return index - this.starts[line - 1]!;
  }

  /** String index where a 1-based line starts. */
  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line - 1, this.starts.length - 1))]!;
  }
}
