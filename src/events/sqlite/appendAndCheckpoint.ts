import { VersionConflict } from "../versionConflict.js";
import { appendToStreams, type AppendResult, type StreamAppend } from "./appendToStreams.js";
import { saveReactorCheckpoint } from "./saveReactorCheckpoint.js";
import { sqliteLog, type LogHandle } from "./sqliteLog.js";

/**
 * A reactor's results and its checkpoint in one IMMEDIATE transaction: the events are appended
 * and reactor `name` has read up to `position`, or (on a version conflict, returned) neither.
 */
export const appendAndCheckpoint = (
  log: LogHandle,
  appends: ReadonlyArray<StreamAppend>,
  name: string,
  position: number,
): AppendResult | VersionConflict =>
  sqliteLog(log)
    .db.transaction(() => {
      const result = appendToStreams(log, appends);
      if (!(result instanceof VersionConflict)) saveReactorCheckpoint(log, name, position);
      return result;
    })
    .immediate();
