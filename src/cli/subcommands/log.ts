import type { Command } from "commander";
// Only light modules here: `nemesis log` must answer in well under 200 ms on a large log, so it
// loads neither the schema library nor the read models (see commands/index.ts).
import { closeEventLog, headPosition, logDamage, openEventLog, readEvents, tailEvents, type LogHandle, type ReadFilter } from "../../events/log.js";
import { EVENT_SOURCES, EVENT_TYPES, GRAPH_EVENT_TYPES, MEMORY_EVENT_TYPES, EventLogDamaged, type RecordedEvent } from "../../events/index.js";
import { CliError, usageError } from "../errors.js";
import { summarizeEvent, who } from "../eventSummary.js";
import { intOption } from "../intOption.js";
import { locateProject, noProjectMessage, type GlobalOptions } from "../locateProject.js";
import { localTime, parseTimeBound } from "../timeText.js";

interface LogOptions {
  type?: string;
  memory?: boolean;
  graphs?: boolean;
  stream?: string;
  since?: string;
  until?: string;
  source?: string;
  limit: number;
  json?: boolean;
  follow?: boolean;
}

/** The table needs a FileParsed's path and counts, not its symbols and chunks. */
const TABLE_SUMMARIES = {
  FileParsed: { path: "$.path", symbols: "length:$.symbols", chunks: "length:$.chunks", hasErrors: "$.hasErrors" },
};

const openLog = (options: GlobalOptions): LogHandle => {
  const paths = locateProject(options);
  if (!paths) throw new CliError(noProjectMessage(options));
  try {
    return openEventLog(paths.events);
  } catch (e) {
    if (e instanceof EventLogDamaged) throw e;
    throw new CliError(`cannot open ${paths.events}: ${(e as Error).message}`);
  }
};

const toJson = (e: RecordedEvent) => ({
  position: e.position,
  eventId: e.eventId,
  time: e.recordedAt,
  type: e.type,
  stream: e.stream,
  version: e.version,
  schema: e.schema,
  source: e.meta.source,
  actor: e.meta.actor ?? null,
  session: e.meta.session ?? null,
  data: e.data,
});

/** Column widths fixed by the first screenful, so lines printed by --follow stay aligned with it. */
const tableFormatter = (events: ReadonlyArray<RecordedEvent>, head: number) => {
  const w = {
    position: Math.max(8, String(head).length + 1),
    type: Math.max(4, ...events.map((e) => e.type.length), 16),
    stream: Math.min(40, Math.max(6, ...events.map((e) => e.stream.length))),
    source: Math.min(24, Math.max(6, ...events.map((e) => who(e.meta.source, e.meta.actor).length))),
  };
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));
  return {
    header: `${"position".padStart(w.position)}  ${"time".padEnd(19)}  ${"type".padEnd(w.type)}  ${"stream".padEnd(w.stream)}  ${"source".padEnd(w.source)}  summary`,
    row: (e: RecordedEvent) =>
      `${`#${e.position}`.padStart(w.position)}  ${localTime(e.recordedAt)}  ${e.type.padEnd(w.type)}  ${cut(e.stream, w.stream)}  ${cut(
        who(e.meta.source, e.meta.actor),
        w.source,
      )}  ${summarizeEvent(e.type, e.data)}`,
  };
};

const buildFilter = (o: LogOptions): Omit<ReadFilter, "after" | "before" | "limit" | "descending"> => {
  const types = o.type
    ?.split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  const known: ReadonlyArray<string> = EVENT_TYPES;
  const unknown = types?.filter((t) => !known.includes(t)) ?? [];
  if (unknown.length > 0) throw usageError(`unknown event type ${unknown.join(", ")}: choose from ${known.join(", ")}`);
  if (o.memory && types !== undefined) throw usageError(`--memory and --type both choose event types: give one (--memory is --type ${MEMORY_EVENT_TYPES.join(",")})`);
  if (o.graphs && (types !== undefined || o.memory)) throw usageError(`--graphs chooses event types (--type ${GRAPH_EVENT_TYPES.join(",")}): give it alone, without --type or --memory`);
  if (o.source !== undefined && !(EVENT_SOURCES as ReadonlyArray<string>).includes(o.source)) {
    throw usageError(`unknown source "${o.source}": choose from ${EVENT_SOURCES.join(", ")}`);
  }
  if (o.since && o.until && o.since > o.until) throw usageError(`--since is after --until: nothing can match`);
  return {
    ...(types && types.length > 0 ? { types } : o.memory ? { types: [...MEMORY_EVENT_TYPES] } : o.graphs ? { types: [...GRAPH_EVENT_TYPES] } : {}),
    ...(o.stream !== undefined ? { streamPrefix: o.stream } : {}),
    ...(o.source !== undefined ? { source: o.source } : {}),
    ...(o.since !== undefined ? { since: o.since } : {}),
    ...(o.until !== undefined ? { until: o.until } : {}),
  };
};

const matches = (e: RecordedEvent, f: ReturnType<typeof buildFilter>): boolean =>
  (!f.types || f.types.includes(e.type)) &&
  (f.streamPrefix === undefined || e.stream.startsWith(f.streamPrefix)) &&
  (f.source === undefined || e.meta.source === f.source) &&
  (f.since === undefined || e.recordedAt >= f.since) &&
  (f.until === undefined || e.recordedAt <= f.until);

let pipeWatched = false;

/** `nemesis log | head`: the reader went away, which ends the command, not an error. Once per process (tests run many commands in one). */
const exitQuietlyOnClosedPipe = (): void => {
  if (pipeWatched) return;
  pipeWatched = true;
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    throw e;
  });
};

/** Prints the log as `nemesis log` does; shared by commander's action and the fast path in main.ts. */
export const runLog = async (options: LogOptions, globals: GlobalOptions): Promise<void> => {
  const filter = buildFilter(options);
  exitQuietlyOnClosedPipe();
  const log = openLog(globals);
  try {
    const head = headPosition(log);
    // Newest first with LIMIT lets SQLite stop after n rows even on a large log; shown oldest first.
    const events = readEvents(log, {
      ...filter,
      before: head + 1,
      descending: true,
      ...(options.limit > 0 ? { limit: options.limit } : {}),
      ...(options.json ? {} : { summaries: TABLE_SUMMARIES }),
    }).reverse();
    const table = tableFormatter(events, head);
    const print = (batch: ReadonlyArray<RecordedEvent>) => {
      if (batch.length === 0) return;
      const lines = batch.map((e) => (options.json ? JSON.stringify(toJson(e)) : table.row(e)));
      process.stdout.write(`${lines.join("\n")}\n`);
    };
    if (!options.json && (events.length > 0 || options.follow)) process.stdout.write(`${table.header}\n`);
    print(events);
    if (!options.json && events.length === 0 && !options.follow) {
      process.stdout.write(head === 0 ? "The log is empty.\n" : "No events match.\n");
    }
    if (!options.follow) return;
    await new Promise<void>((resolve) => {
      const stop = tailEvents(log, { after: head, intervalMs: 25 }, (batch) => print(batch.filter((e) => matches(e, filter))));
      const end = () => {
        stop();
        resolve();
      };
      process.once("SIGINT", end);
      process.once("SIGTERM", end);
    });
  } catch (e) {
    // SQLite's "malformed" does not say it is the log: say so, with what to do.
    throw logDamage(log, e) ?? e;
  } finally {
    closeEventLog(log);
  }
};

export const registerLog = (program: Command): void => {
  program
    .command("log")
    .description("the audit trail: what was recorded, when, and by whom (newest 50 events by default)")
    .option("--type <types>", "only these event types, comma-separated (e.g. RuleStored,DecisionRecorded)")
    .option("--memory", "only rules, decisions and conventions: stored, retired, superseded")
    .option("--graphs", "only writes to scratch graphs: nodes and edges added, updated, removed (--stream graph:<name> for one graph)")
    .option("--stream <prefix>", "only streams starting with this (rule:, decision:, file:src/)")
    .option("--since <when>", "from this time: a date, an ISO time, or a span back from now (30m, 2h, 3d)", (v: string) => parseTimeBound("--since", v))
    .option("--until <when>", "up to this time (same forms as --since)", (v: string) => parseTimeBound("--until", v))
    .option("--source <source>", `only events written by this source (${EVENT_SOURCES.join(", ")})`)
    .option("--limit <n>", "show the newest n matching events (0 = all)", intOption("--limit"), 50)
    .option("--json", "one JSON object per line: position, eventId, time, type, stream, version, source, actor, data")
    .option("--follow", "keep printing new events as they are appended, until Ctrl-C")
    .action((options: LogOptions, cmd: Command) => runLog(options, cmd.optsWithGlobals()));
};

/**
 * `nemesis log` without commander (~20 ms of a start-up budget of ~60), nor node's parseArgs
 * (~5 ms to load on first use): the same options, read by hand. Undefined for anything it
 * does not take as given (help, an unknown, short or repeated option, a stray argument, a
 * missing or bad value): main.ts then runs commander, which explains.
 */
export const parseLogArgs = (args: ReadonlyArray<string>): { options: LogOptions; globals: GlobalOptions } | undefined => {
  const v = readLogArgs(args);
  if (v === undefined) return undefined;
  try {
    const since = v.get("since");
    const until = v.get("until");
    const limit = v.get("limit");
    const text = (name: string) => v.get(name) as string | undefined;
    const options: LogOptions = {
      limit: limit === undefined ? 50 : intOption("--limit")(limit as string),
      ...(text("type") !== undefined ? { type: text("type")! } : {}),
      ...(text("stream") !== undefined ? { stream: text("stream")! } : {}),
      ...(since !== undefined ? { since: parseTimeBound("--since", since as string) } : {}),
      ...(until !== undefined ? { until: parseTimeBound("--until", until as string) } : {}),
      ...(text("source") !== undefined ? { source: text("source")! } : {}),
      ...(v.has("memory") ? { memory: true } : {}),
      ...(v.has("graphs") ? { graphs: true } : {}),
      ...(v.has("json") ? { json: true } : {}),
      ...(v.has("follow") ? { follow: true } : {}),
    };
    const root = text("root");
    return { options, globals: root !== undefined ? { root } : {} };
  } catch {
    return undefined;
  }
};

const VALUE_OPTIONS = new Set(["root", "type", "stream", "since", "until", "source", "limit"]);
const FLAGS = new Set(["memory", "graphs", "json", "follow"]);

/** `--name value`, `--name=value` and `--flag`, each at most once, and the one word `log`; undefined for anything else. */
const readLogArgs = (args: ReadonlyArray<string>): Map<string, string | true> | undefined => {
  const values = new Map<string, string | true>();
  let command = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("-")) {
      if (a !== "log" || command++ > 0) return undefined;
      continue;
    }
    if (!a.startsWith("--")) return undefined;
    const eq = a.indexOf("=");
    const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
    if (values.has(name)) return undefined;
    if (FLAGS.has(name) && eq < 0) values.set(name, true);
    else if (VALUE_OPTIONS.has(name)) {
      const value = eq < 0 ? args[++i] : a.slice(eq + 1);
      if (value === undefined || (eq < 0 && value.startsWith("-"))) return undefined;
      values.set(name, value);
    } else return undefined;
  }
  return command === 1 ? values : undefined;
};
