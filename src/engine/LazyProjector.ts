import { existsSync } from "node:fs";
import { dropProjectionHint, readProjectionHint, saveProjectionHint, type LogHandle, type RecordedEvent } from "../events/index.js";
import { catchUp, type ApplyContext, type CatchUpOptions, type CatchUpResult, type Projector, type StoreDamaged } from "../projections/index.js";
import { reportDamage, shownPath } from "../shared/index.js";
import { catchUpView } from "./catchUpView.js";
import { catchesUpItself } from "./ThreadedProjector.js";

export interface LazyProjectorSpec {
  readonly name: string;
  readonly version: number;
  readonly handles: ReadonlyArray<string>;
  /** The read model's files: a hint about a store that is gone is void. */
  readonly storePath: string;
  readonly fingerprint: string;
  readonly open: () => Promise<Projector>;
  /** May catch up while files are still being parsed (its store runs in its own thread). */
  readonly concurrent?: boolean;
  /** False: a store cheap to open (the catalog), opened at start and never stood in for by a hint. Default true. */
  readonly lazy?: boolean;
  /** `e` as the damage of one of the model's files, or null when it is something else (see projections' damageOf). */
  readonly damageOf?: (e: unknown) => StoreDamaged | null;
  /** Deletes the model's files. */
  readonly remove?: () => void;
}

/**
 * The engine's hold on one read model's store. A lazy one (Kuzu, LanceDB: seconds to load) is
 * opened on first real use; until then its checkpoint comes from the engine's hint, so a catch-up
 * with nothing for it to do never opens it, and every applied batch refreshes the hint after the
 * store committed.
 *
 * A store found damaged, when it opens or by any read or write through here, is dropped (said in
 * one line) and opened empty: its checkpoint is then 0 and the next catch-up rebuilds it from the
 * log, while queries read what is rebuilt so far, as during any catch-up. A store found damaged
 * again before its rebuild ever caught up is not dropped a second time: that is a failing disk or
 * a bug, not a damaged file, and rebuilding it in a loop would hide it.
 */
export class LazyProjector implements Projector {
  private opening: Promise<Projector> | null = null;
  private opened: Projector | null = null;
  /** A drop under way: every caller that met the same damage waits for this one. */
  private discarding: Promise<void> | null = null;
  /** Dropped and not caught up since: damage now is not the file's. */
  private rebuilding = false;
  /** Why rebuilding was given up, once it was. */
  private gaveUp: Error | null = null;
  /** Bumped each time the store is dropped: a reader of the old files must open the new ones. */
  generation = 0;
  /** Called once a damaged store was dropped (the engine then runs a pass even if the log did not move). */
  onDropped: () => void = () => {};

  constructor(
    private readonly spec: LazyProjectorSpec,
    private readonly log: LogHandle,
  ) {}

  get name(): string {
    return this.spec.name;
  }

  get version(): number {
    return this.spec.version;
  }

  get handles(): ReadonlyArray<string> {
    return this.spec.handles;
  }

  get concurrent(): boolean {
    return this.spec.concurrent ?? false;
  }

  get lazy(): boolean {
    return this.spec.lazy ?? true;
  }

  get isOpen(): boolean {
    return this.opening !== null;
  }

  /** The real projector, opening its store now if it is not open yet (a damaged one is dropped and opened empty). */
  store(): Promise<Projector> {
    // Not before a drop under way has deleted the damaged files: they would be opened again.
    this.opening ??= (this.discarding ?? Promise.resolve())
      .then(() => this.openStore())
      .then(
        (p) => (this.opened = p),
        (e: unknown) => {
          // Not for good: a store that could not open (a full disk) opens on the next use.
          this.opening = null;
          throw e;
        },
      );
    return this.opening;
  }

  /** Opens the store and reads its checkpoint (a read of every store at open, so damage there shows now). */
  private async openStore(): Promise<Projector> {
    let store: Projector | null = null;
    try {
      store = await this.spec.open();
      await store.checkpoint();
      return store;
    } catch (e) {
      await store?.close().catch(() => undefined);
      const damage = this.damageIn(e);
      if (damage === null) throw e;
      this.drop(damage);
      return this.spec.open();
    }
  }

  /** The hint, when it can stand in for the store's checkpoint. */
  hint(): { readonly position: number; readonly detail: unknown } | null {
    if (!this.lazy) return null;
    const h = readProjectionHint(this.log, this.spec.name);
    if (h === null || h.version !== this.spec.version || h.fingerprint !== this.spec.fingerprint) return null;
    return existsSync(this.spec.storePath) ? h : null;
  }

  async checkpoint(): Promise<{ readonly position: number; readonly version: number }> {
    if (!this.isOpen) {
      const h = this.hint();
      if (h !== null) return { position: h.position, version: this.spec.version };
    }
    const seen = this.generation;
    try {
      return await (await this.store()).checkpoint();
    } catch (e) {
      await this.dropIfDamaged(e, seen);
      return (await this.store()).checkpoint();
    }
  }

  async apply(events: ReadonlyArray<RecordedEvent>, upTo: number, context?: ApplyContext): Promise<void> {
    await this.forgetOnFailure((await this.store()).apply(events, upTo, context));
    this.remember(upTo, null);
  }

  /** Brings the store up to the log's head, in its own thread when it has one; a store found damaged on the way is dropped and rebuilt. */
  async catchUp(log: LogHandle, options: CatchUpOptions = {}): Promise<CatchUpResult> {
    let result: CatchUpResult;
    const seen = this.generation;
    try {
      result = await this.catchUpStore(log, options);
    } catch (e) {
      await this.dropIfDamaged(e, seen);
      result = { ...(await this.catchUpStore(log, options)), rebuilt: true };
    }
    this.rebuilding = false;
    return result;
  }

  private async catchUpStore(log: LogHandle, options: CatchUpOptions): Promise<CatchUpResult> {
    const store = await this.store();
    if (!catchesUpItself(store)) {
      const view = catchUpView(store, this, {
        write: (work) => this.forgetOnFailure(work),
        applied: (upTo) => {
          if (this.opened === store) this.remember(upTo, null);
        },
        beforeReset: () => dropProjectionHint(this.log, this.spec.name),
      });
      return catchUp(log, view, options);
    }
    const result = await this.forgetOnFailure(store.catchUpSelf());
    if (this.opened === store) this.remember(result.to, null);
    return result;
  }

  /**
   * A store whose write failed (a full disk, a store that had to drop itself) may no longer be
   * where the hint says: the hint goes, and the next start reads the store's own checkpoint.
   */
  private async forgetOnFailure<A>(work: Promise<A>): Promise<A> {
    try {
      return await work;
    } catch (e) {
      try {
        dropProjectionHint(this.log, this.spec.name);
      } catch {
        // The log may be what failed (a full disk): a hint it still holds matches the store, which the failure left as it was.
      }
      throw e;
    }
  }

  async reset(): Promise<void> {
    dropProjectionHint(this.log, this.spec.name);
    await (await this.store()).reset();
  }

  /** Records that the store is at `position` (its checkpoint), with facts about it at that point. */
  remember(position: number, detail: unknown): void {
    if (!this.lazy) return;
    saveProjectionHint(this.log, this.spec.name, { position, version: this.spec.version, fingerprint: this.spec.fingerprint, detail });
  }

  /** The store's warm-up, if it has one: opens the store (a serving engine opens it soon anyway). */
  async warmUp(): Promise<void> {
    const seen = this.generation;
    try {
      await (await this.store()).warmUp?.();
    } catch (e) {
      await this.dropIfDamaged(e, seen);
    }
  }

  /**
   * Before the store opens (at the engine's start): drops it now when `found`, what a look at its
   * files found (see projections' lookForDamage), says it is damaged; the first catch-up rebuilds it.
   */
  dropIfFound(found: StoreDamaged | null): void {
    if (found === null || this.isOpen) return;
    this.drop(found);
  }

  /** `e` as the damage of this model's files, or null. */
  damageIn(e: unknown): StoreDamaged | null {
    return this.spec.damageOf?.(e) ?? null;
  }

  /** Drops the store when `e` says it is damaged (see discard), else rethrows `e`. */
  async dropIfDamaged(e: unknown, seen: number): Promise<void> {
    const damage = this.damageIn(e);
    if (damage === null) throw e;
    await this.discard(damage, seen);
  }

  /**
   * Drops the store after `damage` was found in the files of generation `seen`. Nothing to do
   * when those were dropped since (several callers met the same damage); found damaged again
   * before a rebuild caught up, the store is left alone and the failure stands.
   */
  async discard(damage: StoreDamaged, seen: number): Promise<void> {
    if (seen < this.generation) return;
    // The same files, being dropped now: found damaged by another read meanwhile.
    if (this.discarding !== null) return this.discarding;
    if (this.gaveUp) throw this.gaveUp;
    if (this.rebuilding) {
      this.gaveUp = new Error(
        `${shownPath(damage.file)} failed again while the ${this.name} read model was being rebuilt (${damage.reason}): ` +
          `not rebuilding it a second time; check the disk (free space, \`dmesg\`), then run \`nemesis replay --projection ${this.name}\``,
      );
      reportDamage(this.gaveUp.message);
      throw this.gaveUp;
    }
    this.discarding = (async () => {
      const open = this.opening;
      this.opening = null;
      this.opened = null;
      if (open !== null) await open.then((p) => p.close()).catch(() => undefined);
      this.drop(damage);
    })().finally(() => {
      this.discarding = null;
    });
    await this.discarding;
    this.onDropped();
  }

  /** Says so, deletes the files and forgets the hint: the store opens empty next time, a new generation of its files. */
  private drop(damage: StoreDamaged): void {
    reportDamage(`${shownPath(damage.file)} is damaged (${damage.reason}): rebuilding the ${this.name} read model from the log`);
    dropProjectionHint(this.log, this.spec.name);
    this.spec.remove?.();
    this.rebuilding = true;
    this.generation++;
  }

  release(): void {
    this.opened?.release?.();
  }

  async close(): Promise<void> {
    if (this.opening === null) return;
    await (await this.opening).close();
  }
}
