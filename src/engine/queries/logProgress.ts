import { countPendingEvents, headPosition, readReactorCheckpoint, type LogHandle } from "../../events/index.js";
import { PARSE_REACTOR, parsedByAnotherVersion } from "../../parse/index.js";
import { findStaleFiles } from "../../sources/index.js";
import type { CatalogReader } from "../../projections/index.js";
import type { LogProgress, StaleIndexedFiles } from "./Queries.js";

/** A read model's checkpoint, with the event types it applies. */
export interface ModelCheckpoint {
  readonly name: string;
  readonly position: number;
  readonly version: number | null;
  readonly handles: ReadonlyArray<string>;
}

/** The head and each reader's lag, counted (positions may have holes, so a difference is no count). */
export const logProgressOf = (log: LogHandle, models: ReadonlyArray<ModelCheckpoint>): LogProgress => {
  const parsedTo = readReactorCheckpoint(log, PARSE_REACTOR);
  return {
    head: headPosition(log),
    parse: { position: parsedTo, ...countPendingEvents(log, parsedTo, ["FileChanged"]) },
    models: models.map((m) => ({ name: m.name, position: m.position, version: m.version, ...countPendingEvents(log, m.position, m.handles) })),
  };
};

/** The catalog's files the index no longer matches, on disk or by the extractors' version. */
export const staleIndexedFiles = (root: string, catalog: CatalogReader, maxFileBytes: number): StaleIndexedFiles => {
  const files = catalog.files();
  return {
    ...findStaleFiles(root, files, maxFileBytes),
    outdated: files.filter((f) => f.status === "parsed" && parsedByAnotherVersion(f.parser_version)).map((f) => f.path),
  };
};
