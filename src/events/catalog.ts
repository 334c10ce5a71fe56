import * as Either from "effect/Either";
import * as ParseResult from "effect/ParseResult";
import * as Schema from "effect/Schema";
import type { RecordedEvent } from "./envelope.js";
import { EventDecodeError } from "./errors.js";
import { FileChanged, FileDeleted, FileSkipped, ParseFailed } from "./types/files.js";
import {
  ConventionStored,
  DecisionRecorded,
  DecisionRecordedV1,
  DecisionSuperseded,
  RuleRetired,
  RuleStored,
} from "./types/memory.js";
import { FileParsed } from "./types/parse.js";
import { IndexRunCompleted, IndexRunStarted } from "./types/project.js";

/**
 * One entry per event type: the schema of its current version, plus one upcaster per older
 * version that lifts a payload one step (v1 → v2 → …). Old payloads are upcast on read and
 * never rewritten in the log.
 */
interface EventDefinition<A> {
  readonly version: number;
  readonly schema: Schema.Schema<A, any>;
  readonly upcasters: Readonly<Record<number, (old: any) => unknown>>;
  readonly olderSchemas?: Readonly<Record<number, Schema.Schema<any, any>>>;
}

const define = <A>(
  schema: Schema.Schema<A, any>,
  version = 1,
  upcasters: Record<number, (old: any) => unknown> = {},
  olderSchemas: Record<number, Schema.Schema<any, any>> = {},
): EventDefinition<A> => ({ version, schema, upcasters, olderSchemas });

export const EventCatalog = {
  FileChanged: define(FileChanged),
  FileDeleted: define(FileDeleted),
  FileSkipped: define(FileSkipped),
  FileParsed: define(FileParsed),
  ParseFailed: define(ParseFailed),
  RuleStored: define(RuleStored),
  RuleRetired: define(RuleRetired),
  DecisionRecorded: define(
    DecisionRecorded,
    2,
    { 1: (v1: typeof DecisionRecordedV1.Type) => ({ ...v1, relatedTo: [] }) },
    { 1: DecisionRecordedV1 },
  ),
  DecisionSuperseded: define(DecisionSuperseded),
  ConventionStored: define(ConventionStored),
  IndexRunStarted: define(IndexRunStarted),
  IndexRunCompleted: define(IndexRunCompleted),
} as const;

export type EventType = keyof typeof EventCatalog;
export type EventData<T extends EventType> = (typeof EventCatalog)[T] extends EventDefinition<infer A> ? A : never;

/** A recorded event whose payload has been upcast and decoded to the current version. */
export type DecodedEvent<T extends EventType = EventType> = {
  [K in T]: Omit<RecordedEvent, "type" | "data"> & { readonly type: K; readonly data: EventData<K> };
}[T];

export const isEventType = (type: string): type is EventType => Object.hasOwn(EventCatalog, type);

export const currentSchemaVersion = (type: string): number =>
  isEventType(type) ? EventCatalog[type].version : 1;

const decoders = new Map<string, (u: unknown) => Either.Either<unknown, ParseResult.ParseError>>();
const decoderFor = (type: EventType) => {
  let d = decoders.get(type);
  if (!d) {
    d = Schema.decodeUnknownEither(EventCatalog[type].schema as Schema.Schema<unknown, unknown>);
    decoders.set(type, d);
  }
  return d;
};

/** Validates a payload against the current schema before it is appended. */
export const validatePayload = (type: string, data: unknown): Either.Either<unknown, string> => {
  if (!isEventType(type)) return Either.left(`unknown event type ${type}`);
  return Either.mapLeft(decoderFor(type)(data), (e) => ParseResult.TreeFormatter.formatErrorSync(e));
};

/** Upcasts a stored payload step by step to the current version, then decodes it. */
export const decodeEvent = (event: RecordedEvent): Either.Either<DecodedEvent, EventDecodeError> => {
  const fail = (reason: string) =>
    Either.left(new EventDecodeError({ position: event.position, type: event.type, schema: event.schema, reason }));
  if (!isEventType(event.type)) return fail("unknown event type (written by a newer Nemesis?)");
  const def = EventCatalog[event.type] as EventDefinition<any>;
  if (event.schema > def.version) return fail(`schema v${event.schema} is newer than this build knows (v${def.version})`);
  let data = event.data;
  for (let v = event.schema; v < def.version; v++) {
    const up = def.upcasters[v];
    if (!up) return fail(`no upcaster from v${v}`);
    data = up(data);
  }
  const decoded = decoderFor(event.type)(data);
  if (Either.isLeft(decoded)) return fail(ParseResult.TreeFormatter.formatErrorSync(decoded.left));
  return Either.right({ ...event, data: decoded.right } as DecodedEvent);
};
