import { newEventId, type EventMeta, type IndexRunCompleted, type LogHandle } from "../events/index.js";
import { eventStoreOf } from "./eventStoreOf.js";
import { answerOrThrow, handleCommand } from "./handleCommand.js";

export const PROJECT_STREAM = "project";

/** One event on the `project` stream, at any version: runs are told apart by their id, not by order. */
const appendToProject = (log: LogHandle, type: string, data: unknown, meta: EventMeta): number =>
  answerOrThrow(
    handleCommand(
      eventStoreOf(log),
      () => null,
      () => ({ appends: [{ stream: PROJECT_STREAM, expectedVersion: "any", events: [{ type, data, meta }] }], answer: (appended) => appended.lastPosition }),
    ),
  );

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
