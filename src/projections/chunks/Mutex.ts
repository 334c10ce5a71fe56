/** Runs async sections one at a time, in call order (LanceDB writers from one process must not race a compaction). */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<A>(f: () => Promise<A>): Promise<A> {
    const next = this.tail.then(f, f);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
