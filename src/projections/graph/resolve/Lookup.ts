import type { FileParsed, Manifest } from "../../../events/index.js";
import { MANIFESTS_KEY, type DepKey, type FileTable, type Located } from "./FileTable.js";

/**
 * The resolver's only window onto other files. Every read is recorded as a dependency key, so
 * a later change to what was read (or to what was looked for and missing) finds this file.
 */
export class Lookup {
  readonly deps = new Set<DepKey>();

  constructor(private readonly table: FileTable) {}

  file(path: string): FileParsed | undefined {
    this.deps.add(`f:${path}`);
    return this.table.files.get(path);
  }

  exists(path: string): boolean {
    return this.file(path) !== undefined;
  }

  filesIn(dir: string): readonly string[] {
    this.deps.add(`d:${dir}`);
    return this.table.filesIn(dir);
  }

  endingWith(tail: string): readonly string[] {
    this.deps.add(`s:${tail}`);
    return this.table.endingWith(tail);
  }

  symbolsNamed(name: string): readonly Located[] {
    this.deps.add(`n:${name}`);
    return this.table.symbolsNamed(name);
  }

  interfacesRequiring(member: string): readonly Located[] {
    this.deps.add(`m:${member}`);
    return this.table.interfacesRequiring(member);
  }

  manifests(): readonly { readonly path: string; readonly manifest: Manifest }[] {
    this.deps.add(MANIFESTS_KEY);
    return this.table.manifests();
  }
}
