import type { FileChange, SymbolChange } from "./Changes.js";

/** A symbol as the graph holds it after a replay: the fields a change is told by. */
export interface SymbolAt {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly signature: string;
}

/**
 * Symbols added, removed or with another signature, per file. A renamed file's symbols are
 * compared with those of its old path: a move alone changes no symbol. A moved line range is no
 * change either: what a caller sees of a symbol is its name, kind and signature.
 */
export const diffSymbols = (
  before: ReadonlyMap<string, ReadonlyArray<SymbolAt>>,
  after: ReadonlyMap<string, ReadonlyArray<SymbolAt>>,
  files: ReadonlyArray<FileChange>,
): SymbolChange[] => {
  const renamedFrom = new Map(files.filter((f) => f.change === "renamed").map((f) => [f.path, f.from!]));
  const movedAway = new Set(renamedFrom.values());
  // A path renamed away is compared under its new name, unless something new took its place.
  const paths = [...new Set([...before.keys(), ...after.keys()])].filter((p) => !movedAway.has(p) || (after.get(p)?.length ?? 0) > 0).sort();
  const out: SymbolChange[] = [];
  for (const path of paths) {
    const old = new Map((before.get(renamedFrom.get(path) ?? path) ?? []).map((s) => [s.id, s]));
    const now = new Map((after.get(path) ?? []).map((s) => [s.id, s]));
    for (const [id, s] of now) {
      const was = old.get(id);
      if (was === undefined) out.push({ change: "added", path, id, name: s.name, kind: s.kind, signature: s.signature, before: null });
      else if (was.signature !== s.signature || was.kind !== s.kind) {
        out.push({ change: "signature", path, id, name: s.name, kind: s.kind, signature: s.signature, before: was.signature });
      }
    }
    for (const [id, s] of old) {
      if (!now.has(id)) out.push({ change: "removed", path, id, name: s.name, kind: s.kind, signature: s.signature, before: null });
    }
  }
  return out;
};
