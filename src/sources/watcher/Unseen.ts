/**
 * The changes the watcher has seen that queries cannot see yet: the batches it has taken and not
 * recorded, and those recorded past what the engine has projected. The oldest one's first event
 * is how far behind queries are (the lag `nemesis status` shows).
 */
export class Unseen<B> {
  private readonly taken = new Set<{ readonly since: number }>();
  private readonly recorded: Array<{ readonly position: number; readonly since: number; readonly batch: B }> = [];
  private projectedTo = 0;

  /** `onVisible`: a recorded batch can now be seen by queries (its first event at `since`). */
  constructor(private readonly onVisible: (batch: B, since: number) => void) {}

  /** A batch taken from the batcher, its first event at `since`; hand the token to `record` or `drop`. */
  take(since: number): { readonly since: number } {
    const token = { since };
    this.taken.add(token);
    return token;
  }

  /** The batch's events are in the log up to `position` (0: it appended nothing, so it is visible now). */
  record(token: { readonly since: number }, position: number, batch: B): void {
    this.taken.delete(token);
    if (position <= this.projectedTo) this.onVisible(batch, token.since);
    else this.recorded.push({ position, since: token.since, batch });
  }

  /** The batch failed: what it saw is left to the next scan. */
  drop(token: { readonly since: number }): void {
    this.taken.delete(token);
  }

  /** The engine has projected everything up to `position`. */
  projected(position: number): void {
    if (position <= this.projectedTo) return;
    this.projectedTo = position;
    const still = this.recorded.filter((r) => r.position > position);
    const now = this.recorded.filter((r) => r.position <= position);
    this.recorded.splice(0, this.recorded.length, ...still);
    for (const r of now) this.onVisible(r.batch, r.since);
  }

  get empty(): boolean {
    return this.taken.size === 0 && this.recorded.length === 0;
  }

  /** The first event of the oldest change queries cannot see, counting `pending` (events not yet taken); null when there is none. */
  oldest(pending: number | null): number | null {
    const times = [pending, ...[...this.taken].map((t) => t.since), ...this.recorded.map((r) => r.since)].filter((t): t is number => t !== null);
    return times.length > 0 ? Math.min(...times) : null;
  }
}
