import * as Either from "effect/Either";
import * as Schema from "effect/Schema";
import { currentSchemaVersion, decodePayload, type FileParsed, type RecordedEvent } from "../../events/index.js";

/** The graph never reads chunk texts: a third of a FileParsed, left in the log. */
export const GRAPH_OMITS = { FileParsed: ["chunks"] } as const;

/**
 * The shape the graph keys on. FileParsed is written only by the parse reactor from typed
 * values, and decoding every symbol, reference and import through the full schema costs as
 * much CPU as resolving them, so a current-version payload is checked at this
 * depth and its items trusted. Chunk texts are dropped: the graph never reads them.
 */
const FileParsedShape = Schema.Struct({
  path: Schema.String,
  contentHash: Schema.String,
  language: Schema.String,
  lineCount: Schema.Number,
  symbols: Schema.Array(Schema.Unknown),
  references: Schema.Array(Schema.Unknown),
  imports: Schema.Array(Schema.Unknown),
});
const checkShape = Schema.decodeUnknownSync(FileParsedShape);

/** Decodes a FileParsed payload, chunks left out; older schema versions go through the catalog's upcasters. */
export const decodeFileParsed = (event: RecordedEvent, payload: unknown = event.data): FileParsed => {
  if (event.schema === currentSchemaVersion("FileParsed")) {
    checkShape(payload);
    const data = payload as FileParsed;
    return { ...data, manifest: data.manifest ?? null, chunks: [] };
  }
  if (event.type !== "FileParsed") throw new Error(`event #${event.position} is not a FileParsed`);
  // The log left the chunks out (GRAPH_OMITS): put back an empty list for the schema.
  const data = payload as Record<string, unknown> | null;
  const complete = typeof data === "object" && data !== null && !("chunks" in data) ? { ...data, chunks: [] } : data;
  // The event with this payload; its other fields are read through it, as lazily as before.
  const withPayload = Object.create(event, { data: { value: complete } }) as RecordedEvent & { readonly type: "FileParsed" };
  const decoded = decodePayload(withPayload);
  if (Either.isLeft(decoded)) throw decoded.left;
  return { ...decoded.right, chunks: [] };
};
