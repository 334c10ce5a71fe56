import * as Either from "effect/Either";
import * as ParseResult from "effect/ParseResult";
import * as Schema from "effect/Schema";
import type * as AST from "effect/SchemaAST";
import type { RecordedEvent } from "./envelope.js";
import { EventDecodeError } from "./errors.js";
import { currentSchemaVersion } from "./schemaVersions.js";
import { FileChanged, FileDeleted, FileSkipped, ParseFailed } from "./types/files.js";
import {
  ConventionStored,
  DecisionRecorded,
  DecisionRecordedV1,
  DecisionSuperseded,
  RuleRetired,
  RuleStored,
} from "./types/memory.js";
import {
  GraphDeleted,
  GraphEdgeAdded,
  GraphEdgeRemoved,
  GraphEdgeUpdated,
  GraphNodeAdded,
  GraphNodeRemoved,
  GraphNodeUpdated,
} from "./types/graphs.js";
import { FileParsed } from "./types/parse.js";
import { CommitObserved } from "./types/history.js";
import { SessionStarted } from "./types/session.js";
import { ContextServed } from "./types/context.js";
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

/**
 * FileParsed v1 wrote what a name's type is as text (`TypedName.type`, `returnValue`, Java's
 * `Reference.args`); v2 writes tagged values. The text is dropped, not read: such a parse came
 * from an older parser version, which the next scan parses again (`outdatedParse`), and until
 * then it resolves as a parse that knew no types.
 */
const withoutNotationText = (v1: { symbols?: unknown; references?: unknown }): unknown => {
  const symbols = Array.isArray(v1.symbols)
    ? v1.symbols.map((s: Record<string, unknown>) => {
        const { typed: _typed, returnValue: _returnValue, ...rest } = s;
        return rest;
      })
    : v1.symbols;
  const references = Array.isArray(v1.references)
    ? v1.references.map((r: Record<string, unknown>) => {
        const { args: _args, ...rest } = r;
        return rest;
      })
    : v1.references;
  return { ...v1, symbols, references };
};

export const EventCatalog = {
  FileChanged: define(FileChanged),
  FileDeleted: define(FileDeleted),
  FileSkipped: define(FileSkipped),
  FileParsed: define(FileParsed, 2, { 1: withoutNotationText }),
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
  GraphNodeAdded: define(GraphNodeAdded),
  GraphNodeUpdated: define(GraphNodeUpdated),
  GraphNodeRemoved: define(GraphNodeRemoved),
  GraphEdgeAdded: define(GraphEdgeAdded),
  GraphEdgeUpdated: define(GraphEdgeUpdated),
  GraphEdgeRemoved: define(GraphEdgeRemoved),
  GraphDeleted: define(GraphDeleted),
  CommitObserved: define(CommitObserved),
  SessionStarted: define(SessionStarted),
  ContextServed: define(ContextServed),
} as const;

export type EventType = keyof typeof EventCatalog;
export type EventData<T extends EventType> = (typeof EventCatalog)[T] extends EventDefinition<infer A> ? A : never;

/** A recorded event whose payload has been upcast and decoded to the current version. */
export type DecodedEvent<T extends EventType = EventType> = {
  [K in T]: Omit<RecordedEvent, "type" | "data"> & { readonly type: K; readonly data: EventData<K> };
}[T];

export const isEventType = (type: string): type is EventType => Object.hasOwn(EventCatalog, type);

// The number every append stamps lives in schemaVersions.ts (no schemas there); a test holds
// each definition above to it.
export { currentSchemaVersion };

type Check = (v: unknown) => boolean;

/** A check equivalent to decoding `ast`, for strings, numbers, booleans, literals and unions of them. */
const primitiveCheck = (ast: AST.AST): Check | undefined => {
  switch (ast._tag) {
    case "StringKeyword":
      return (v) => typeof v === "string";
    case "NumberKeyword":
      return (v) => typeof v === "number";
    case "BooleanKeyword":
      return (v) => typeof v === "boolean";
    case "Literal": {
      const literal = ast.literal;
      return (v) => v === literal;
    }
    case "Union": {
      const members = ast.types.map(primitiveCheck);
      if (members.some((m) => m === undefined)) return undefined;
      const checks = members as Check[];
      return (v) => checks.some((c) => c(v));
    }
    default:
      return undefined;
  }
};

/**
 * For a struct of required primitive fields (most events but FileParsed), a hand-rolled decode
 * that yields what the schema would (a new object with the declared keys only) at a fraction of
 * the cost: replays decode every event. Undefined for any other shape; a payload it rejects
 * goes through the schema, which says why.
 */
const flatDecoder = (schema: Schema.Schema<any, any>): ((u: unknown) => unknown) | undefined => {
  const ast = schema.ast;
  if (ast._tag !== "TypeLiteral" || ast.indexSignatures.length > 0) return undefined;
  const fields: Array<readonly [string, Check]> = [];
  for (const p of ast.propertySignatures) {
    const check = typeof p.name === "string" && !p.isOptional ? primitiveCheck(p.type) : undefined;
    if (check === undefined) return undefined;
    fields.push([p.name as string, check]);
  }
  return (u) => {
    if (typeof u !== "object" || u === null) return undefined;
    const out: Record<string, unknown> = {};
    for (const [name, check] of fields) {
      const v = (u as Record<string, unknown>)[name];
      if (!check(v)) return undefined;
      out[name] = v;
    }
    return out;
  };
};

const decoders = new Map<string, (u: unknown) => Either.Either<unknown, ParseResult.ParseError>>();
const decoderFor = (type: EventType) => {
  let d = decoders.get(type);
  if (!d) {
    const schema = EventCatalog[type].schema as Schema.Schema<unknown, unknown>;
    const full = Schema.decodeUnknownEither(schema);
    const fast = flatDecoder(schema);
    d = fast === undefined ? full : (u) => {
      const out = fast(u);
      return out === undefined ? full(u) : Either.right(out);
    };
    decoders.set(type, d);
  }
  return d;
};

/** Validates a payload against the current schema before it is appended. */
export const validatePayload = (type: string, data: unknown): Either.Either<unknown, string> => {
  if (!isEventType(type)) return Either.left(`unknown event type ${type}`);
  return Either.mapLeft(decoderFor(type)(data), (e) => ParseResult.TreeFormatter.formatErrorSync(e));
};

/** Upcasts a stored payload step by step to the current version, then decodes it (the payload alone). */
export const decodePayload = <T extends EventType>(
  event: RecordedEvent & { readonly type: T },
): Either.Either<EventData<T>, EventDecodeError> => {
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
  return Either.right(decoded.right as EventData<T>);
};

/** Upcasts a stored payload step by step to the current version, then decodes it. */
export const decodeEvent = (event: RecordedEvent): Either.Either<DecodedEvent, EventDecodeError> => {
  const decoded = decodePayload(event as RecordedEvent & { readonly type: EventType });
  if (Either.isLeft(decoded)) return decoded;
  // Built field by field, not spread: `meta` stays lazy (most events' is never read).
  const out = {
    position: event.position,
    eventId: event.eventId,
    stream: event.stream,
    version: event.version,
    type: event.type,
    schema: event.schema,
    data: decoded.right,
    get meta() {
      return event.meta;
    },
    recordedAt: event.recordedAt,
  };
  return Either.right(out as DecodedEvent);
};
