import { SqliteEventStore, type EventStore, type LogHandle } from "../events/log.js";

/** The store commands run against for an open log: what a tool or the CLI holds is the log's handle. */
export const eventStoreOf = (log: LogHandle): EventStore => SqliteEventStore.of(log);
