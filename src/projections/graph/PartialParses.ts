import { currentSchemaVersion, payloadLoader, type LogHandle, type RecordedEvent, type Reference } from "../../events/index.js";
import type { Resolver } from "./model.js";
import type { CachedResolution } from "./ResolutionCache.js";

/**
 * What a restart's refill leaves out of each FileParsed when the resolution cache stands at the
 * graph's checkpoint: the references (62% of what is left on sympy once the chunk texts are out)
 * as well as the chunk texts. Only a file's own resolution reads its calls, type uses and
 * `new`s; resolving another file reads just its extends/implements, which the cache keeps.
 */
export const REFILL_OMITS = { FileParsed: ["chunks", "references"] } as const;

export const isHeritage = (r: Reference): boolean => r.kind === "extends" || r.kind === "implements";

/**
 * A refill payload (read without its references) with the file's cached extends/implements put
 * in their place; null when the payload is of an older schema (its upcasters expect references
 * as that schema wrote them) or the cache does not know the file: read it whole instead.
 */
export const withCachedHeritage = (event: RecordedEvent, data: unknown, cached: ReadonlyMap<string, CachedResolution>): object | null => {
  if (event.schema !== currentSchemaVersion("FileParsed") || typeof data !== "object" || data === null) return null;
  const path = (data as { path?: unknown }).path;
  const heritage = typeof path === "string" ? cached.get(path)?.heritage : undefined;
  return heritage === undefined ? null : { ...data, references: heritage };
};

/**
 * The files whose parse the resolver holds with only their extends/implements references (a
 * restart's refill), each with the event to read the rest from, until it is resolved again.
 */
export class PartialParses {
  private readonly events = new Map<string, RecordedEvent>();

  constructor(
    private readonly log: LogHandle,
    /** The graph's reads of a payload (chunk texts out) and its decoding. */
    private readonly omit: Readonly<Record<string, ReadonlyArray<string>>>,
    private readonly decode: (event: RecordedEvent, payload: unknown) => Parameters<Resolver["upsert"]>[0],
  ) {}

  hold(path: string, event: RecordedEvent): void {
    this.events.set(path, event);
  }

  /** `path`'s held parse was replaced (a newer event) or is gone. */
  forget(path: string): void {
    this.events.delete(path);
  }

  paths(): string[] {
    return [...this.events.keys()];
  }

  /** Gives `resolver` the whole parse of each of `paths` it holds in part, read from the log. */
  hydrate(paths: Iterable<string>, resolver: Resolver): void {
    let read: ((position: number) => string) | null = null;
    for (const path of paths) {
      const event = this.events.get(path);
      if (event === undefined) continue;
      read ??= payloadLoader(this.log, this.omit);
      const file = this.decode(event, JSON.parse(read(event.position)) as unknown);
      this.events.delete(path);
      // The same parse with all its references: no key the resolver answered from moves, so
      // the files it reports as affected are not.
      resolver.upsert(file);
    }
  }
}
