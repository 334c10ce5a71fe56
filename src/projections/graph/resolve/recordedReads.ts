import type { Lookup } from "./Lookup.js";

/** The reads of the table a memoised answer may make (see FileTable.tableMemo), and the memo itself. */
export type TableReads = Pick<Lookup, "manifests" | "exists" | "filesIn" | "endingWith" | "file" | "tableMemo">;

type ReadName = "manifests" | "exists" | "filesIn" | "endingWith" | "file";

/**
 * The reads an answer made, to be made again on the lookup of a resolution that reuses it: a
 * flat list of (read, argument) pairs, one array per answer however many reads it took.
 */
export type Reads = Array<ReadName | string>;

/** Reads that pass on to `lookup` and are noted in `reads` on the way (the memo is not a read). */
export const recording = (lookup: TableReads, reads: Reads): TableReads => ({
  manifests: () => {
    reads.push("manifests", "");
    return lookup.manifests();
  },
  exists: (path) => {
    reads.push("exists", path);
    return lookup.exists(path);
  },
  filesIn: (dir) => {
    reads.push("filesIn", dir);
    return lookup.filesIn(dir);
  },
  endingWith: (tail) => {
    reads.push("endingWith", tail);
    return lookup.endingWith(tail);
  },
  file: (path) => {
    reads.push("file", path);
    return lookup.file(path);
  },
  tableMemo: (name) => lookup.tableMemo(name),
});

/** Makes the reads again, in order, so `lookup` records the dependencies the answer has (its values are known). */
export const replay = (lookup: TableReads, reads: Reads): void => {
  for (let i = 0; i < reads.length; i += 2) {
    const read = reads[i] as ReadName;
    if (read === "manifests") lookup.manifests();
    else lookup[read](reads[i + 1]!);
  }
};

/**
 * `compute`'s answer from the table memo `name` under `key`, its reads made again through
 * `lookup`; worked out (its reads noted as they are made) when the memo lacks it.
 */
export const memoised = <T>(lookup: TableReads, name: string, key: string, compute: (reads: TableReads) => T): T => {
  const memo = lookup.tableMemo<{ readonly value: T; readonly reads: Reads }>(name);
  const known = memo.get(key);
  if (known !== undefined) {
    replay(lookup, known.reads);
    return known.value;
  }
  const reads: Reads = [];
  const value = compute(recording(lookup, reads));
  memo.set(key, { value, reads });
  return value;
};
