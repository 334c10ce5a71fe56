import { ensureProjectionHints, type ProjectionHint } from "./projectionHintTable.js";
import { sqliteLog, type LogHandle } from "./sqliteLog.js";

/** Records where read model `name` stands, after its store committed (see ProjectionHint). */
export const saveProjectionHint = (log: LogHandle, name: string, hint: ProjectionHint): void => {
  ensureProjectionHints(log);
  sqliteLog(log)
    .db.prepare(
      `INSERT INTO projection_hint (name, position, version, fingerprint, detail) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, version = excluded.version,
         fingerprint = excluded.fingerprint, detail = excluded.detail`,
    )
    .run(name, hint.position, hint.version, hint.fingerprint, hint.detail === null || hint.detail === undefined ? null : JSON.stringify(hint.detail));
};
