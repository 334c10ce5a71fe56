import type { FileParsed, Manifest } from "../../../events/index.js";
import { MANIFESTS_KEY, type DepKey, type FileTable, type Located } from "./FileTable.js";

/**
 * What one memoised computation read: its own keys and the memoised computations it reused.
 * Replaying it into another resolution charges that resolution with the same dependencies.
 */
export interface Capture {
  readonly keys: Set<DepKey>;
  readonly children: Capture[];
  /** It saw a computation of its own still in progress (a cycle), so its answer depends on the order of the walk. */
  tainted: boolean;
}

/**
 * The resolver's only window onto other files. Every read is recorded as a dependency key, so
 * a later change to what was read (or to what was looked for and missing) finds this file.
 */
export class Lookup {
  // Kept apart and prefixed once at the end: reads repeat far more often than they differ.
  private readonly files = new Set<string>();
  private readonly dirs = new Set<string>();
  private readonly tails = new Set<string>();
  private readonly members = new Set<string>();
  private manifestsRead = false;
  private readonly replayed = new Set<Capture>();
  private readonly frames: Capture[] = [];

  constructor(private readonly table: FileTable) {}

  /** Every dependency key read so far. */
  deps(): Set<DepKey> {
    const out = new Set<DepKey>();
    for (const p of this.files) out.add(`f:${p}`);
    for (const d of this.dirs) out.add(`d:${d}`);
    for (const t of this.tails) out.add(`s:${t}`);
    for (const m of this.members) out.add(`m:${m}`);
    if (this.manifestsRead) out.add(MANIFESTS_KEY);
    for (const capture of this.replayed) for (const key of capture.keys) out.add(key);
    return out;
  }

  /** Starts recording the reads of a computation whose answer may be memoised across files. */
  begin(): Capture {
    const capture: Capture = { keys: new Set(), children: [], tainted: false };
    this.frames[this.frames.length - 1]?.children.push(capture);
    this.frames.push(capture);
    return capture;
  }

  end(capture: Capture): void {
    const top = this.frames.pop();
    if (top !== capture) throw new Error("Lookup captures closed out of order");
    if (capture.tainted) for (const frame of this.frames) frame.tainted = true;
  }

  /** True while a memoisable computation records its reads. */
  capturing(): boolean {
    return this.frames.length > 0;
  }

  /** Marks every open computation as order-dependent. */
  taint(): void {
    for (const frame of this.frames) frame.tainted = true;
  }

  /** Charges this resolution with a memoised computation's reads. */
  replay(capture: Capture): void {
    this.frames[this.frames.length - 1]?.children.push(capture);
    const stack = [capture];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (this.replayed.has(next)) continue;
      this.replayed.add(next);
      for (const child of next.children) stack.push(child);
    }
  }

  private note(key: DepKey): void {
    const top = this.frames[this.frames.length - 1];
    if (top !== undefined) top.keys.add(key);
  }

  file(path: string): FileParsed | undefined {
    this.files.add(path);
    if (this.frames.length > 0) this.note(`f:${path}`);
    return this.table.files.get(path);
  }

  exists(path: string): boolean {
    return this.file(path) !== undefined;
  }

  filesIn(dir: string): readonly string[] {
    this.dirs.add(dir);
    if (this.frames.length > 0) this.note(`d:${dir}`);
    return this.table.filesIn(dir);
  }

  endingWith(tail: string): readonly string[] {
    this.tails.add(tail);
    if (this.frames.length > 0) this.note(`s:${tail}`);
    return this.table.endingWith(tail);
  }

  interfacesRequiring(member: string): readonly Located[] {
    this.members.add(member);
    if (this.frames.length > 0) this.note(`m:${member}`);
    return this.table.interfacesRequiring(member);
  }

  /** See FileTable.tableMemo: reading it records nothing; a hit must make its answer's reads again through this lookup. */
  tableMemo<T>(name: string): Map<string, T> {
    return this.table.tableMemo<T>(name);
  }

  manifests(): readonly { readonly path: string; readonly manifest: Manifest }[] {
    this.manifestsRead = true;
    if (this.frames.length > 0) this.note(MANIFESTS_KEY);
    return this.table.manifests();
  }
}
