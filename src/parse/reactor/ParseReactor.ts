import * as Either from "effect/Either";
import {
  appendOrRedecide,
  countEventsOfTypes,
  decodeEvent,
  ensureReactorCheckpoint,
  headPosition,
  lastPositionInStream,
  measureFileChanges,
  positionOfEvent,
  readEvents,
  readReactorCheckpoint,
  saveReactorCheckpoint,
  streamVersion,
  type EventMeta,
  type FileChanged,
  type LogHandle,
  type RecordedEvent,
  type StreamAppend,
} from "../../events/index.js";
import { outcomeIdFor, planParseOutcome, type ParseLimits, type PlannedOutcome } from "./planParseOutcome.js";
import type { SourceParser } from "./SourceParser.js";

export const PARSE_REACTOR = "parse";

export interface ParseReactorOptions extends ParseLimits {
  /** Absolute project root: FileChanged paths are relative to it. */
  readonly root: string;
  readonly parser: SourceParser;
  /** FileChanged events handled per transaction. */
  readonly batchSize?: number;
  /** Called before each file is read (tests use it to change the disk between scan and parse). */
  readonly beforeRead?: (path: string) => void | Promise<void>;
}

export interface ReactorProgress {
  readonly done: number;
  readonly total: number;
}

export interface ReactorResult {
  readonly from: number;
  readonly to: number;
  readonly parsed: number;
  /** Files rewritten after their FileChanged: re-recorded and parsed as they are now. */
  readonly rewritten: number;
  readonly deleted: number;
  /** A later event on the same file made this FileChanged moot, or its outcome was already stored. */
  readonly superseded: number;
  readonly failed: Record<string, number>;
}

interface Job {
  readonly event: RecordedEvent;
  readonly data: FileChanged;
  expectedVersion: number;
}

const DECISIVE = ["FileChanged", "FileDeleted", "FileSkipped"];

/**
 * Consumes FileChanged events after its checkpoint and appends each one's outcome
 * (FileParsed, ParseFailed, or what it found instead: FileDeleted, a newer FileChanged).
 * Outcomes are keyed by the FileChanged's id, and the checkpoint commits with them, so
 * running it twice, or after a crash, stores nothing twice.
 */
interface StartedBatch {
  readonly jobs: (Job | null)[];
  readonly outcomes: Promise<(PlannedOutcome | null)[]>;
  readonly upTo: number;
}

export class ParseReactor {
  constructor(
    private readonly log: LogHandle,
    private readonly options: ParseReactorOptions,
  ) {
    ensureReactorCheckpoint(log);
  }

  checkpoint(): number {
    return readReactorCheckpoint(this.log, PARSE_REACTOR);
  }

  /** FileChanged events after the checkpoint (an upper bound on the files left to parse). */
  pending(): number {
    return countEventsOfTypes(this.log, ["FileChanged"], this.checkpoint());
  }

  /**
   * The first `limit` FileChanged events after the checkpoint: how many, and the bytes their
   * files held when scanned (enough to tell a one-file update from a larger catch-up).
   */
  pendingUpTo(limit: number): { readonly files: number; readonly bytes: number } {
    return measureFileChanges(this.log, this.checkpoint(), limit);
  }

  /**
   * Processes every FileChanged up to the log's head, including ones it appends itself. The
   * next batch is handed to the parser before the current one is committed, so the workers
   * never wait for a batch's slowest file or for the append.
   */
  async catchUp(onProgress?: (p: ReactorProgress) => void): Promise<ReactorResult> {
    const batchSize = this.options.batchSize ?? 128;
    const from = this.checkpoint();
    const total = { done: 0, total: this.pending() };
    const result = { parsed: 0, rewritten: 0, deleted: 0, superseded: 0, failed: {} as Record<string, number> };
    const start = (after: number): StartedBatch | null => {
      const head = headPosition(this.log);
      if (after >= head) return null;
      const batch = readEvents(this.log, { after, before: head + 1, limit: batchSize, types: ["FileChanged"] });
      const upTo = batch.length < batchSize ? head : batch[batch.length - 1]!.position;
      return this.startBatch(batch, upTo);
    };
    let position = from;
    let current = start(position);
    while (current !== null) {
      const next = start(current.upTo);
      const outcomes = await this.commitBatch(current);
      for (const o of outcomes) {
        if (o === null) result.superseded++;
        else if (o.kind === "failed") result.failed[o.reason!] = (result.failed[o.reason!] ?? 0) + 1;
        else result[o.kind === "rewritten" ? "rewritten" : o.kind === "deleted" ? "deleted" : "parsed"]++;
      }
      position = current.upTo;
      total.done += current.jobs.length;
      // The reactor's own appends (FileChanged for rewritten files) raise the count as it goes.
      onProgress?.({ done: total.done, total: Math.max(total.total, total.done) });
      current = next ?? start(position);
    }
    return { from, to: position, ...result };
  }

  private jobFor(event: RecordedEvent): Job | null {
    if (positionOfEvent(this.log, outcomeIdFor(event.eventId)) !== undefined) return null;
    const latest = lastPositionInStream(this.log, event.stream, DECISIVE);
    if (latest !== null && latest > event.position) return null;
    const decoded = decodeEvent(event);
    if (Either.isLeft(decoded) || decoded.right.type !== "FileChanged") return null;
    return { event, data: decoded.right.data, expectedVersion: streamVersion(this.log, event.stream) };
  }

  /** Hands a batch's files to the parser at once; the outcomes are awaited by `commitBatch`. */
  private startBatch(batch: ReadonlyArray<RecordedEvent>, upTo: number): StartedBatch {
    const jobs = batch.map((e) => this.jobFor(e));
    const outcomes = Promise.all(
      jobs.map(async (job) => {
        if (job === null) return null;
        await this.options.beforeRead?.(job.data.path);
        const meta: EventMeta = {
          source: "engine",
          causationId: job.event.eventId,
          ...(job.event.meta.correlationId ? { correlationId: job.event.meta.correlationId } : {}),
        };
        return planParseOutcome(this.options.root, { eventId: job.event.eventId, data: job.data }, this.options.parser, this.options, meta);
      }),
    );
    // If an earlier batch's commit throws, this one is never awaited: its failure must not go unhandled.
    outcomes.catch(() => undefined);
    return { jobs, outcomes, upTo };
  }

  /**
   * Appends a batch's outcomes with the reactor's checkpoint in one transaction. Streams that
   * moved while their files were parsed (a newer change, a hook, this reactor's previous batch)
   * are checked again under the write lock: an outcome a newer event made moot is dropped, the
   * rest go in at the stream's version now.
   */
  private async commitBatch(started: StartedBatch): Promise<(PlannedOutcome | null)[]> {
    const { jobs, upTo } = started;
    const outcomes = await started.outcomes;
    const appendsOf = (): StreamAppend[] => {
      const appends: StreamAppend[] = [];
      jobs.forEach((job, i) => {
        const outcome = outcomes[i];
        if (job && outcome) appends.push({ stream: job.event.stream, expectedVersion: job.expectedVersion, events: outcome.events });
      });
      return appends;
    };
    const redecide = (): StreamAppend[] => {
      jobs.forEach((job, i) => {
        if (!job) return;
        const fresh = this.jobFor(job.event);
        if (fresh === null) {
          jobs[i] = null;
          outcomes[i] = null;
        } else job.expectedVersion = fresh.expectedVersion;
      });
      return appendsOf();
    };
    appendOrRedecide(this.log, appendsOf(), redecide, () => saveReactorCheckpoint(this.log, PARSE_REACTOR, upTo));
    return outcomes;
  }
}
