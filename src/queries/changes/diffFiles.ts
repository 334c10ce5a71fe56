import type { FileChange, Writer } from "./Changes.js";

/** A file as a replay up to a position leaves it: its content hash, or null when it is not there. */
export type FileAt = string | null;

/**
 * The file changes between two states of the same paths. A path gone and another come with the
 * same content is a rename (as a scan records one: a deletion and an addition); pairs are made in
 * path order, so the answer is the same on every run.
 */
export const diffFiles = (
  before: ReadonlyMap<string, FileAt>,
  after: ReadonlyMap<string, FileAt>,
  writerOf: (path: string) => Writer,
): FileChange[] => {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  const added: string[] = [];
  const deleted: string[] = [];
  const out: FileChange[] = [];
  for (const path of paths) {
    const b = before.get(path) ?? null;
    const a = after.get(path) ?? null;
    if (b === null && a !== null) added.push(path);
    else if (b !== null && a === null) deleted.push(path);
    else if (b !== null && a !== null && a !== b) out.push({ change: "modified", path, from: null, hash: a, by: writerOf(path) });
  }
  const renamedFrom = new Map<string, string>();
  const unpaired = new Set(deleted);
  for (const path of added) {
    const hash = after.get(path)!;
    const from = [...unpaired].find((d) => before.get(d) === hash);
    if (from !== undefined) {
      unpaired.delete(from);
      renamedFrom.set(path, from);
    }
  }
  for (const path of added) {
    const from = renamedFrom.get(path) ?? null;
    out.push({ change: from === null ? "added" : "renamed", path, from, hash: after.get(path)!, by: writerOf(path) });
  }
  for (const path of unpaired) out.push({ change: "deleted", path, from: null, hash: null, by: writerOf(path) });
  return out.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
};
