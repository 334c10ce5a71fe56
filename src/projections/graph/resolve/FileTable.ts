import type { ExtractedSymbol, FileParsed, Manifest } from "../../../events/index.js";
import { dirname, suffixesOf } from "./paths.js";

export interface Located {
  readonly path: string;
  readonly symbol: ExtractedSymbol;
}

/**
 * Dependency keys: what a resolution read. `f:` a file's content (or its absence), `d:` a
 * directory listing, `s:` the files ending in a path tail, `m:` the interfaces requiring a
 * method, `manifests` the set of build manifests.
 */
export type DepKey = string;
export const MANIFESTS_KEY: DepKey = "manifests";

type Bucket = Map<string, ExtractedSymbol[]>;

const addTo = <V>(index: Map<string, Set<V>>, key: string, value: V): void => {
  let set = index.get(key);
  if (set === undefined) index.set(key, (set = new Set()));
  set.add(value);
};
const removeFrom = <V>(index: Map<string, Set<V>>, key: string, value: V): void => {
  const set = index.get(key);
  if (set === undefined) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
};

/** Symbols grouped by a key (a member an interface requires). */
const groupSymbols = (symbols: readonly ExtractedSymbol[], keysOf: (s: ExtractedSymbol) => readonly string[]): Bucket => {
  const out: Bucket = new Map();
  for (const symbol of symbols) {
    for (const key of keysOf(symbol)) {
      const list = out.get(key);
      if (list === undefined) out.set(key, [symbol]);
      else if (!list.includes(symbol)) list.push(symbol);
    }
  }
  return out;
};

const memberKeys = (s: ExtractedSymbol): readonly string[] => (s.members.length > 0 ? s.members : []);

/** What about a symbol a name/member lookup exposes; anything else is read through `f:`. */
const fingerprint = (symbols: readonly ExtractedSymbol[] | undefined): string =>
  symbols === undefined ? "" : symbols.map((s) => `${s.id}\u0000${s.kind}\u0000${s.parent ?? ""}\u0000${s.members.join(",")}`).join("\u0001");

const sameManifest = (a: Manifest | null, b: Manifest | null): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The path tails a file is found by (`endingWith`): every suffix of its path, and for a Java
 * file every suffix of its directory followed by `/` (`com/x/` lists the files of package
 * `com.x` under any source root, for `import com.x.*`).
 */
const tailsOf = (path: string): string[] => {
  const tails = suffixesOf(path);
  if (path.endsWith(".java") || path.endsWith(".cs") || path.endsWith(".kt")) for (const dirTail of suffixesOf(dirname(path))) if (dirTail !== ".") tails.push(`${dirTail}/`);
  return tails;
};

/** The current parse result of every file, with the indexes resolution looks things up in. */
export class FileTable {
  readonly files = new Map<string, FileParsed>();
  private readonly dirs = new Map<string, Set<string>>();
  private readonly tails = new Map<string, Set<string>>();
  private readonly members = new Map<string, Map<string, ExtractedSymbol[]>>();
  private readonly manifestFiles = new Map<string, Manifest>();
  private readonly byMember = new Map<string, Bucket>();
  /**
   * Answers already sorted, dropped when what they list changes: resolution asks for the same
   * folder, tail and manifest list once per name it looks up, far more often than they change.
   */
  private readonly sortedLists = new Map<string, readonly string[]>();
  private manifestList: readonly { readonly path: string; readonly manifest: Manifest }[] | null = null;
  private readonly tableMemos = new Map<string, Map<string, unknown>>();

  /** Stores the file and returns the dependency keys whose answers changed. */
  set(file: FileParsed): Set<DepKey> {
    this.tableMemos.clear();
    const previous = this.files.get(file.path);
    const dirty = this.detach(file.path, previous);
    this.files.set(file.path, file);
    if (previous === undefined) {
      this.listAdd(this.dirs, "d", dirname(file.path), file.path);
      for (const tail of tailsOf(file.path)) {
        this.listAdd(this.tails, "s", tail, file.path);
        dirty.add(`s:${tail}`);
      }
      dirty.add(`d:${dirname(file.path)}`);
    }
    const members = groupSymbols(file.symbols, memberKeys);
    this.byMember.set(file.path, members);
    this.attach(this.members, file.path, members);
    diffKeys(dirty, "m:", this.previousMembers, members);
    const manifest = file.manifest ?? null;
    if (!sameManifest(manifest, this.previousManifest)) dirty.add(MANIFESTS_KEY);
    if (manifest !== null) {
      this.manifestFiles.set(file.path, manifest);
      this.manifestList = null;
    }
    return dirty;
  }

  delete(path: string): Set<DepKey> {
    const previous = this.files.get(path);
    if (previous === undefined) return new Set();
    this.tableMemos.clear();
    const dirty = this.detach(path, previous);
    this.files.delete(path);
    this.listRemove(this.dirs, "d", dirname(path), path);
    for (const tail of tailsOf(path)) {
      this.listRemove(this.tails, "s", tail, path);
      dirty.add(`s:${tail}`);
    }
    dirty.add(`d:${dirname(path)}`);
    diffKeys(dirty, "m:", this.previousMembers, new Map());
    if (this.previousManifest !== null) dirty.add(MANIFESTS_KEY);
    return dirty;
  }

  // State of the file being replaced, kept between detach and the diff that follows it.
  private previousMembers: Bucket = new Map();
  private previousManifest: Manifest | null = null;

  private detach(path: string, previous: FileParsed | undefined): Set<DepKey> {
    this.previousMembers = this.byMember.get(path) ?? new Map();
    this.previousManifest = previous?.manifest ?? null;
    for (const key of this.previousMembers.keys()) this.members.get(key)?.delete(path);
    this.byMember.delete(path);
    if (this.manifestFiles.delete(path)) this.manifestList = null;
    return new Set([`f:${path}`]);
  }

  private attach(index: Map<string, Map<string, ExtractedSymbol[]>>, path: string, bucket: Bucket): void {
    for (const [key, symbols] of bucket) {
      let byPath = index.get(key);
      if (byPath === undefined) index.set(key, (byPath = new Map()));
      byPath.set(path, symbols);
    }
  }

  private listAdd(index: Map<string, Set<string>>, kind: string, key: string, path: string): void {
    addTo(index, key, path);
    this.sortedLists.delete(`${kind}:${key}`);
  }

  private listRemove(index: Map<string, Set<string>>, kind: string, key: string, path: string): void {
    removeFrom(index, key, path);
    this.sortedLists.delete(`${kind}:${key}`);
  }

  private sortedList(index: Map<string, Set<string>>, kind: string, key: string): readonly string[] {
    const set = index.get(key);
    if (set === undefined) return [];
    const cacheKey = `${kind}:${key}`;
    let list = this.sortedLists.get(cacheKey);
    if (list === undefined) this.sortedLists.set(cacheKey, (list = [...set].sort()));
    return list;
  }

  /**
   * A memo named `name` for answers worked out from the table (never from a file's own
   * references, which forgetOwnReferences drops without a `set`), emptied whenever a file is set
   * or deleted. Whoever hits it must still make the reads the answer made (recordedReads.ts), so
   * that the dependencies of the resolution asking are the same.
   */
  tableMemo<T>(name: string): Map<string, T> {
    let memo = this.tableMemos.get(name);
    if (memo === undefined) this.tableMemos.set(name, (memo = new Map()));
    return memo as Map<string, T>;
  }

  filesIn(dir: string): readonly string[] {
    return this.sortedList(this.dirs, "d", dir);
  }

  endingWith(tail: string): readonly string[] {
    return this.sortedList(this.tails, "s", tail);
  }

  interfacesRequiring(member: string): readonly Located[] {
    return flatten(this.members.get(member));
  }

  /** Sorted by path; the same list until a manifest changes (modules/php.ts keys its PSR-4 prefixes on it). */
  manifests(): readonly { readonly path: string; readonly manifest: Manifest }[] {
    this.manifestList ??= [...this.manifestFiles.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([path, manifest]) => ({ path, manifest }));
    return this.manifestList;
  }
}

const flatten = (byPath: Map<string, ExtractedSymbol[]> | undefined): readonly Located[] => {
  if (byPath === undefined) return [];
  const out: Located[] = [];
  for (const path of [...byPath.keys()].sort()) for (const symbol of byPath.get(path)!) out.push({ path, symbol });
  return out;
};

const diffKeys = (dirty: Set<DepKey>, prefix: string, before: Bucket, after: Bucket): void => {
  for (const [key, symbols] of before) if (fingerprint(symbols) !== fingerprint(after.get(key))) dirty.add(prefix + key);
  for (const key of after.keys()) if (!before.has(key)) dirty.add(prefix + key);
};
