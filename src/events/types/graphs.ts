import * as Schema from "effect/Schema";

/**
 * Events of agents' scratch graphs, one stream per graph (`graph:<name>`). A node is known by
 * its label (unique within its graph); an edge by (source, target, relation), so two nodes may
 * be joined by several relations (a multigraph) while re-adding the same relation updates it.
 */

/** Free-form facts about a node or an edge: a JSON object. */
export const GraphProperties = Schema.Record({ key: Schema.String, value: Schema.Unknown });
export type GraphProperties = typeof GraphProperties.Type;

export const GraphNodeAdded = Schema.Struct({
  label: Schema.String,
  type: Schema.NullOr(Schema.String),
  properties: GraphProperties,
});
export type GraphNodeAdded = typeof GraphNodeAdded.Type;

/** A node added again: a non-null type replaces the old one, properties merge over the old ones. */
export const GraphNodeUpdated = Schema.Struct({
  label: Schema.String,
  type: Schema.NullOr(Schema.String),
  properties: GraphProperties,
});
export type GraphNodeUpdated = typeof GraphNodeUpdated.Type;

/** Written after a GraphEdgeRemoved for every edge the node had, so each event stands alone. */
export const GraphNodeRemoved = Schema.Struct({ label: Schema.String });
export type GraphNodeRemoved = typeof GraphNodeRemoved.Type;

export const GraphEdgeAdded = Schema.Struct({
  source: Schema.String,
  target: Schema.String,
  relation: Schema.String,
  properties: GraphProperties,
});
export type GraphEdgeAdded = typeof GraphEdgeAdded.Type;

/** The same relation between the same nodes added again: properties merge over the old ones. */
export const GraphEdgeUpdated = GraphEdgeAdded;
export type GraphEdgeUpdated = typeof GraphEdgeUpdated.Type;

export const GraphEdgeRemoved = Schema.Struct({
  source: Schema.String,
  target: Schema.String,
  relation: Schema.String,
});
export type GraphEdgeRemoved = typeof GraphEdgeRemoved.Type;

/** Everything in the graph is gone; the stream (its history) stays, and a later write starts it anew. */
export const GraphDeleted = Schema.Struct({
  nodes: Schema.Number,
  edges: Schema.Number,
});
export type GraphDeleted = typeof GraphDeleted.Type;

/** The stream of graph `name`. */
export const graphStream = (name: string): string => `graph:${name}`;
export const GRAPH_STREAM_PREFIX = "graph:";

/**
 * A label as compared ignoring case only: "userdb" is "UserDB" here, while normaliseLabel reads
 * the two as "userdb" and "user db" (its word boundaries come from case). Matching tries this
 * before normaliseLabel.
 */
export const foldCase = (label: string): string => label.normalize("NFKC").toLowerCase();

/**
 * The form under which two labels name the same node: case, accents' width forms, punctuation
 * and the way words are joined (camelCase, snake_case, kebab-case, spaces) do not count, but
 * the word boundaries do: "AuthService", "auth_service" and "Auth service" are one node while
 * "Database" and "Data Base" stay two (one word against two). Part of the events' contract:
 * the write side merges re-added nodes by it and every reader looks nodes up by it.
 */
export const normaliseLabel = (label: string): string =>
  label
    .normalize("NFKC")
    // Word boundaries written in case: fooBar, HTTPServer, v2Api.
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, (_m, a, b, c, d) => (a === undefined ? `${c} ${d}` : `${a} ${b}`))
    .toLowerCase()
    // Everything but letters and digits separates words.
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
