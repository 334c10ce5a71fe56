import type { AppendResult, CommitObserved, EventMeta, LogHandle, StreamAppend } from "../events/index.js";
import { eventStoreOf } from "./eventStoreOf.js";
import { answerOrThrow, handleCommand } from "./handleCommand.js";

export const COMMIT_STREAM_PREFIX = "commit:";

export const commitStream = (sha: string): string => `${COMMIT_STREAM_PREFIX}${sha}`;

/** Whether the log holds the commit: its stream exists (one index lookup). */
export const isCommitObserved = (log: LogHandle, sha: string): boolean => eventStoreOf(log).streamVersion(commitStream(sha)) > 0;

export interface RecordedCommits {
  /** CommitObserved events appended. */
  readonly observed: number;
  /** Commits another writer recorded first (a watcher and an index at once). */
  readonly alreadyObserved: number;
  /** Position of the last event appended, or 0. */
  readonly lastPosition: number;
}

/**
 * Appends one CommitObserved per commit on its own stream, `commit:<sha>`, expected not to
 * exist: a commit is observed once however often it is seen. Commits go in batches, one
 * transaction each, in the order given (parents first, so a run cut short leaves no gap the next
 * one would not fill). When another writer recorded some of a batch meanwhile, the batch is
 * decided again under the write lock without them: a conflict is an outcome here, never an error.
 */
export const recordCommits = (
  log: LogHandle,
  commits: ReadonlyArray<CommitObserved>,
  options: { readonly meta: EventMeta; readonly batchSize?: number },
): RecordedCommits => {
  const batchSize = options.batchSize ?? 1_000;
  // One stream per commit: a commit named twice would conflict with itself.
  const unique = [...new Map(commits.map((c) => [c.sha, c])).values()];
  const toAppend = (c: CommitObserved): StreamAppend => ({
    stream: commitStream(c.sha),
    expectedVersion: "no_stream",
    events: [{ type: "CommitObserved", data: c, meta: options.meta }],
  });
  const store = eventStoreOf(log);
  let observed = 0;
  let lastPosition = 0;
  for (let i = 0; i < unique.length; i += batchSize) {
    const batch = unique.slice(i, i + batchSize);
    let tries = 0;
    // The batch as given; after a conflict, without the commits another writer recorded meanwhile.
    const unobserved = (): CommitObserved[] => (tries++ === 0 ? batch : batch.filter((c) => store.streamVersion(commitStream(c.sha)) === 0));
    const result = answerOrThrow(
      handleCommand(store, unobserved, (commits) => ({ appends: commits.map(toAppend), answer: (appended: AppendResult) => appended })),
    );
    observed += result.appended;
    lastPosition = Math.max(lastPosition, result.lastPosition);
  }
  return { observed, alreadyObserved: unique.length - observed, lastPosition };
};
