import * as Either from "effect/Either";
import { decodeEvent, type FileParsed, type RecordedEvent } from "../../events/index.js";
import { decodeFileParsed } from "./decodeFileParsed.js";
import type { Resolver } from "./model.js";
import type { ParsedPayloads } from "./parsedPayloads.js";
import type { PartialParses } from "./PartialParses.js";

/** A file's state at the end of a batch: the last event of its stream in the batch decides it. */
export type FinalState =
  | { readonly kind: "parsed"; readonly file: FileParsed; readonly event: RecordedEvent }
  | { readonly kind: "failed"; readonly contentHash: string }
  | { readonly kind: "deleted" };

/** One batch folded into the resolver: what the write planner turns into a GraphWrite. */
export interface FoldedBatch {
  readonly final: ReadonlyMap<string, FinalState>;
  /** Files whose resolution may have changed: the resolver's dependants, and every file parsed in the batch. */
  readonly affected: ReadonlySet<string>;
  /** What the store holds for each file of the batch, as parsed: the resolver's parse before the batch. */
  readonly stored: ReadonlyMap<string, FileParsed | undefined>;
}

/**
 * Feeds a batch's events to the resolver in order and keeps each file's final state. A file
 * that failed to parse or was deleted leaves the resolver, so nothing resolves into stale
 * definitions.
 */
export const foldEvents = async (
  events: ReadonlyArray<RecordedEvent>,
  payloads: ParsedPayloads,
  resolver: Resolver,
  partial: PartialParses,
): Promise<FoldedBatch> => {
  const final = new Map<string, FinalState>();
  const affected = new Set<string>();
  const stored = new Map<string, FileParsed | undefined>();
  for (const event of events) {
    const step = feed(event, await payloads.dataOf(event), resolver, partial, stored);
    if (step === null) continue;
    final.set(step.path, step.state);
    for (const p of step.affected) affected.add(p);
  }
  for (const [path, state] of final) if (state.kind === "parsed") affected.add(path);
  return { final, affected, stored };
};

/** `data`: the event's payload, read ahead by parsedPayloads. */
const feed = (
  event: RecordedEvent,
  data: unknown,
  resolver: Resolver,
  partial: PartialParses,
  stored: Map<string, FileParsed | undefined>,
): { path: string; state: FinalState; affected: ReadonlySet<string> } | null => {
  const remember = (path: string): void => {
    if (!stored.has(path)) stored.set(path, resolver.parsed(path));
    // Whatever the event says replaces the parse held in part.
    partial.forget(path);
  };
  if (event.type === "FileParsed") {
    const file = decodeFileParsed(event, data);
    remember(file.path);
    return { path: file.path, state: { kind: "parsed", file, event }, affected: resolver.upsert(file) };
  }
  const decoded = decodeEvent(event);
  // An event this build cannot read is a bug or a newer writer; a silently wrong graph is worse.
  if (Either.isLeft(decoded)) throw decoded.left;
  const e = decoded.right;
  if (e.type === "FileDeleted") {
    remember(e.data.path);
    return { path: e.data.path, state: { kind: "deleted" }, affected: resolver.remove(e.data.path) };
  }
  if (e.type === "ParseFailed") {
    remember(e.data.path);
    return {
      path: e.data.path,
      state: { kind: "failed", contentHash: e.data.contentHash },
      affected: resolver.remove(e.data.path),
    };
  }
  return null;
};
