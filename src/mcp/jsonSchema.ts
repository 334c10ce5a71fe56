import * as JSONSchema from "effect/JSONSchema";
import type * as Schema from "effect/Schema";

export type Json = { [key: string]: unknown };

/**
 * A tool input's JSON Schema with every limit the Effect Schema checks (minimum, maximum,
 * minLength, maxLength, maxItems, enum): `$ref`s to `$defs` and single-entry `allOf`s inlined,
 * generated titles dropped. What a validation error describes in words (shapeInWords), so the
 * message and the contract are one.
 */
export const fullJsonSchema = (schema: Schema.Schema<any, any, never>): Json => {
  const raw = JSONSchema.make(schema) as unknown as Json;
  const defs = (raw.$defs ?? {}) as Record<string, Json>;
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (node === null || typeof node !== "object") return node;
    let n = { ...(node as Json) };
    if (Array.isArray(n.allOf) && n.allOf.length === 1) {
      const { allOf, ...rest } = n;
      n = { ...(inline(allOf[0]) as Json), ...rest };
    }
    if (typeof n.$ref === "string") {
      const { $ref, ...rest } = n;
      // A definition's own description is Effect's ("an integer"), not ours.
      const { description: _generated, ...target } = defs[$ref.replace("#/$defs/", "")] ?? {};
      n = { ...(inline(target) as Json), ...rest };
    }
    const out: Json = {};
    for (const [k, v] of Object.entries(n)) {
      if (k === "title" || k === "$schema" || k === "$defs") continue;
      out[k] = k === "properties" ? Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, inline(s)])) : inline(v);
    }
    return out;
  };
  return inline(raw) as Json;
};

/**
 * The JSON Schema a client sees for a tool's input, derived from its Effect Schema. Made
 * compact, since every tool list costs the agent context on every turn: the descriptions of
 * built-in refinements and size limits are dropped; the descriptions we wrote stay. Input is
 * validated against the Effect Schema itself, so nothing dropped goes unchecked.
 */
export const inputJsonSchema = (schema: Schema.Schema<any, any, never>): Json => {
  const compact = (node: unknown, owned: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => compact(n, false));
    if (node === null || typeof node !== "object") return node;
    const out: Json = {};
    for (const [k, v] of Object.entries(node as Json)) {
      if (k === "description" && !owned) continue;
      // Noise in every tool list: a required string is non-empty anyway, size limits are far above
      // what an agent sends (and still enforced, with an error naming them), "required: []" says nothing.
      if (k === "minLength" && v === 1) continue;
      if (k === "maxLength" || k === "maxItems") continue;
      if (k === "required" && Array.isArray(v) && v.length === 0) continue;
      if (k === "properties") {
        out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, compact(s, true)]));
      } else out[k] = compact(v, false);
    }
    return out;
  };
  return compact(fullJsonSchema(schema), false) as Json;
};
