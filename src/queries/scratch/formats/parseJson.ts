import * as Either from "effect/Either";
import * as ParseResult from "effect/ParseResult";
import * as Schema from "effect/Schema";
import { DEFAULT_RELATION, formatError, type FormatError, type GraphDocument } from "./GraphDocument.js";

const Properties = Schema.Record({ key: Schema.String, value: Schema.Unknown });
const Document = Schema.Struct({
  graph: Schema.optional(Schema.String),
  nodes: Schema.optionalWith(Schema.Array(Schema.Struct({ label: Schema.String, type: Schema.optional(Schema.NullOr(Schema.String)), properties: Schema.optional(Properties) })), {
    default: () => [],
  }),
  edges: Schema.optionalWith(
    Schema.Array(Schema.Struct({ source: Schema.String, target: Schema.String, relation: Schema.optional(Schema.String), properties: Schema.optional(Properties) })),
    { default: () => [] },
  ),
});
const decode = Schema.decodeUnknownEither(Document, { onExcessProperty: "ignore" });

const SHAPE = `{"nodes": [{"label", "type"?, "properties"?}], "edges": [{"source", "target", "relation"?, "properties"?}]}`;

/** The JSON export_graph writes (or any object of that shape); anything else is refused with what is wrong. */
export const parseScratchJson = (text: string): GraphDocument | FormatError => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return formatError(`not valid JSON (${(e as Error).message}): import_graph with format json takes ${SHAPE}`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || !("nodes" in raw || "edges" in raw)) {
    return formatError(`JSON of the wrong shape: expected an object ${SHAPE}`);
  }
  const doc = decode(raw);
  if (Either.isLeft(doc)) return formatError(`JSON of the wrong shape (expected ${SHAPE}): ${ParseResult.TreeFormatter.formatErrorSync(doc.left).replace(/\s+/g, " ")}`);
  return {
    nodes: doc.right.nodes.map((n) => ({ label: n.label, type: n.type ?? null, properties: n.properties ?? {} })),
    edges: doc.right.edges.map((e) => ({ source: e.source, target: e.target, relation: e.relation ?? DEFAULT_RELATION, properties: e.properties ?? {} })),
  };
};
