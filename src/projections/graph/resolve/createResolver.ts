import type { FileParsed } from "../../../events/index.js";
import type { FileResolution, Resolver } from "../model.js";
import { DependencyIndex } from "./DependencyIndex.js";
import { FileTable } from "./FileTable.js";
import { Lookup } from "./Lookup.js";
import { rekeyScope } from "./FileScope.js";
import { EMPTY_RESOLUTION, resolveFile } from "./resolveFile.js";
import type { SharedExports } from "./Target.js";

/**
 * The resolver over the current parse result of every file. Each `resolve` records what it
 * read (files, directory listings, path tails, names, manifests); `upsert`/`remove` turn
 * the change into the keys whose answers moved and return every file that read one of them.
 */
export const createResolver = (): Resolver => {
  const table = new FileTable();
  const deps = new DependencyIndex();
  // Answers shared between resolutions; any change may alter them, so it empties the table.
  const shared: SharedExports = new Map();

  const changed = (path: string, dirty: Set<string>): ReadonlySet<string> => {
    const out = new Set<string>([path]);
    return deps.readersOfAny(dirty, out);
  };

  return {
    upsert(file: FileParsed) {
      shared.clear();
      return changed(file.path, table.set(file));
    },
    remove(path: string) {
      shared.clear();
      const dirty = table.delete(path);
      const out = changed(path, dirty);
      deps.forget(path);
      return out;
    },
    resolve(path: string): FileResolution {
      if (!table.files.has(path)) {
        deps.forget(path);
        return EMPTY_RESOLUTION;
      }
      const lookup = new Lookup(table);
      const result = resolveFile(lookup, path, shared);
      deps.record(path, lookup.deps());
      return result;
    },
    files() {
      return table.files.keys();
    },
    dependencies(path: string) {
      return deps.keysOfPath(path);
    },
    restore(path: string, keys: Iterable<string>) {
      deps.record(path, new Set(keys));
    },
    parsed(path: string) {
      return table.files.get(path);
    },
    forgetOwnReferences(path: string) {
      const file = table.files.get(path);
      if (file === undefined) return false;
      const heritage = file.references.filter((r) => r.kind === "extends" || r.kind === "implements");
      if (heritage.length === file.references.length) return false;
      // No answer about this file changes for another file: no key is dirty, `shared` stands.
      const held: FileParsed = { ...file, references: heritage };
      table.files.set(path, held);
      rekeyScope(file, held);
      return true;
    },
  };
};
