import * as Schema from "effect/Schema";
import { preparedOn, type LogHandle } from "./sqliteLog.js";

const Measured = Schema.Struct({ files: Schema.Number, bytes: Schema.Number });
const decode = Schema.decodeUnknownSync(Measured);

/**
 * The first `limit` FileChanged events after `after`: how many, and the bytes their files held
 * when they were recorded (the events' `size`), from SQLite without reading the payloads here.
 */
export const measureFileChanges = (log: LogHandle, after: number, limit: number): typeof Measured.Type =>
  decode(
    preparedOn(
      log,
      `SELECT COUNT(*) AS files, COALESCE(SUM(size), 0) AS bytes FROM
        (SELECT json_extract(data, '$.size') AS size FROM events WHERE type = 'FileChanged' AND position > ? ORDER BY position LIMIT ?)`,
    ).get(after, limit),
  );
