import type { FileParsed, Manifest } from "../../../events/index.js";
import { MANIFESTS_KEY, type DepKey, type FileTable, type Located } from "./FileTable.js";

/**
 * The resolver's only window onto other files. Every read is recorded as a dependency key, so
 * a later change to what was read (or to what was looked for and missing) finds this file.
 */
export class Lookup {
  // Kept apart and prefixed once at the end: reads repeat far more often than they differ.
  private readonly files = new Set<string>();
  private readonly dirs = new Set<string>();
  private readonly tails = new Set<string>();
  private readonly names = new Set<string>();
  private readonly members = new Set<string>();
  private manifestsRead = false;

  constructor(private readonly table: FileTable) {}

  /** Every dependency key read so far. */
  deps(): Set<DepKey> {
    const out = new Set<DepKey>();
    for (const p of this.files) out.add(`f:${p}`);
    for (const d of this.dirs) out.add(`d:${d}`);
    for (const t of this.tails) out.add(`s:${t}`);
    for (const n of this.names) out.add(`n:${n}`);
    for (const m of this.members) out.add(`m:${m}`);
    if (this.manifestsRead) out.add(MANIFESTS_KEY);
    return out;
  }

  file(path: string): FileParsed | undefined {
    this.files.add(path);
    return this.table.files.get(path);
  }

  exists(path: string): boolean {
    return this.file(path) !== undefined;
  }

  filesIn(dir: string): readonly string[] {
    this.dirs.add(dir);
    return this.table.filesIn(dir);
  }

  endingWith(tail: string): readonly string[] {
    this.tails.add(tail);
    return this.table.endingWith(tail);
  }

  symbolsNamed(name: string): readonly Located[] {
    this.names.add(name);
    return this.table.symbolsNamed(name);
  }

  interfacesRequiring(member: string): readonly Located[] {
    this.members.add(member);
    return this.table.interfacesRequiring(member);
  }

  manifests(): readonly { readonly path: string; readonly manifest: Manifest }[] {
    this.manifestsRead = true;
    return this.table.manifests();
  }
}
