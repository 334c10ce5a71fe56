import { existsSync } from "node:fs";
import { dropProjectionHint, readProjectionHint, saveProjectionHint, type LogHandle, type RecordedEvent } from "../events/index.js";
import { catchUp, type ApplyContext, type CatchUpOptions, type CatchUpResult, type Projector } from "../projections/index.js";
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
}

/**
 * A projector whose store (Kuzu, LanceDB: seconds to load) is opened on first real use. Until
 * then its checkpoint comes from the engine's hint, so a catch-up with nothing for it to do
 * never opens it. Every applied batch refreshes the hint after the store committed.
 */
export class LazyProjector implements Projector {
  private opening: Promise<Projector> | null = null;
  private opened: Projector | null = null;

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

  get isOpen(): boolean {
    return this.opening !== null;
  }

  /** The real projector, opening its store now if it is not open yet. */
  store(): Promise<Projector> {
    this.opening ??= this.spec.open().then(
      (p) => (this.opened = p),
      (e: unknown) => {
        // Not for good: a store that could not open (a full disk) opens on the next use.
        this.opening = null;
        throw e;
      },
    );
    return this.opening;
  }

  /** The store's partial reads (known once it is open; `catchUp` opens it before reading). */
  get summaries(): Projector["summaries"] {
    return this.opened?.summaries;
  }

  get omit(): Projector["omit"] {
    return this.opened?.omit;
  }

  get deferred(): Projector["deferred"] {
    return this.opened?.deferred;
  }

  /** The hint, when it can stand in for the store's checkpoint. */
  hint(): { readonly position: number; readonly detail: unknown } | null {
    const h = readProjectionHint(this.log, this.spec.name);
    if (h === null || h.version !== this.spec.version || h.fingerprint !== this.spec.fingerprint) return null;
    return existsSync(this.spec.storePath) ? h : null;
  }

  async checkpoint(): Promise<{ readonly position: number; readonly version: number }> {
    if (!this.isOpen) {
      const h = this.hint();
      if (h !== null) return { position: h.position, version: this.spec.version };
    }
    return (await this.store()).checkpoint();
  }

  async apply(events: ReadonlyArray<RecordedEvent>, upTo: number, context?: ApplyContext): Promise<void> {
    await this.forgetOnFailure((await this.store()).apply(events, upTo, context));
    this.remember(upTo, null);
  }

  /** Brings the store up to the log's head, in its own thread when it has one. */
  async catchUp(log: LogHandle, options: CatchUpOptions = {}): Promise<CatchUpResult> {
    const store = await this.store();
    if (!catchesUpItself(store)) return catchUp(log, this, options);
    const result = await this.forgetOnFailure(store.catchUpSelf());
    this.remember(result.to, null);
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
    saveProjectionHint(this.log, this.spec.name, { position, version: this.spec.version, fingerprint: this.spec.fingerprint, detail });
  }

  /** The store's warm-up, if it has one: opens the store (a serving engine opens it soon anyway). */
  async warmUp(): Promise<void> {
    await (await this.store()).warmUp?.();
  }

  async close(): Promise<void> {
    if (this.opening === null) return;
    await (await this.opening).close();
  }
}
