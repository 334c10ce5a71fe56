/** Where a program starts or where the outside world reaches in. */
export interface EntryPoint {
  /** `main`, `python-main`, `go-main`, `cli`, `http`, `package-bin`, `package-main`, `package-exports`. */
  readonly kind: string;
  readonly file: string;
  /** 0 when the whole file is the entry (a package.json field without a known line). */
  readonly line: number;
  readonly detail: string;
}

/** Stable order: by file, line, kind, detail. */
export const byPlace = (a: EntryPoint, b: EntryPoint): number =>
  a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.detail < b.detail ? -1 : a.detail > b.detail ? 1 : 0);
