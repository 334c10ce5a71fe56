import { appendToStreams, newEventId, VersionConflict, type EventMeta, type IndexRunCompleted, type LogHandle } from "../events/index.js";

export const PROJECT_STREAM = "project";

const appendToProject = (log: LogHandle, type: string, data: unknown, meta: EventMeta): number => {
  const result = appendToStreams(log, [{ stream: PROJECT_STREAM, expectedVersion: "any", events: [{ type, data, meta }] }]);
  // "any" never conflicts; anything else is a broken invariant, not an outcome.
  if (result instanceof VersionConflict) throw result;
  return result.lastPosition;
};

/** Opens an index run on the `project` stream; its id correlates every event of the run. */
export const startIndexRun = (
  log: LogHandle,
  run: { readonly root: string; readonly languages: ReadonlyArray<string>; readonly meta: EventMeta; readonly runId?: string },
): string => {
  const runId = run.runId ?? newEventId();
  appendToProject(log, "IndexRunStarted", { runId, root: run.root, languages: [...run.languages] }, { ...run.meta, correlationId: runId });
  return runId;
};

export const completeIndexRun = (log: LogHandle, data: IndexRunCompleted, meta: EventMeta): number =>
  appendToProject(log, "IndexRunCompleted", data, { ...meta, correlationId: data.runId });
