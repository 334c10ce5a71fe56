import * as JSONSchema from "effect/JSONSchema";
import type * as Schema from "effect/Schema";

type Json = { [key: string]: unknown };

/**
 * The JSON Schema a client sees for a tool's input, derived from its Effect Schema. Effect's
 * output is made compact, since every tool list costs the agent context on every turn: `$ref`s
 * to `$defs` and single-entry `allOf`s are inlined, generated titles and the descriptions
 * of built-in refinements ("an integer") and size limits are dropped; the descriptions we wrote
 * stay. Input is validated against the Effect Schema itself, so nothing dropped goes unchecked.
 */
export const inputJsonSchema = (schema: Schema.Schema<any, any, never>): Json => {
  const raw = JSONSchema.make(schema) as unknown as Json;
  const defs = (raw.$defs ?? {}) as Record<string, Json>;
  const clean = (node: unknown, owned: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => clean(n, false));
    if (node === null || typeof node !== "object") return node;
    let n = { ...(node as Json) };
    if (Array.isArray(n.allOf) && n.allOf.length === 1) {
      const { allOf, ...rest } = n;
      n = { ...(clean(allOf[0], false) as Json), ...rest };
    }
    if (typeof n.$ref === "string") {
      const { $ref, ...rest } = n;
      const { description: _generated, ...target } = defs[$ref.replace("#/$defs/", "")] ?? {};
      n = { ...(clean(target, false) as Json), ...rest };
    }
    const out: Json = {};
    for (const [k, v] of Object.entries(n)) {
      if (k === "title" || k === "$schema" || k === "$defs") continue;
      if (k === "description" && !owned) continue;
      // Noise in every tool list: a required string is non-empty anyway, size limits are far above
      // what an agent sends (and still enforced, with an error naming them), "required: []" says nothing.
      if (k === "minLength" && v === 1) continue;
      if (k === "maxLength" || k === "maxItems") continue;
      if (k === "required" && Array.isArray(v) && v.length === 0) continue;
      if (k === "properties") {
        out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, clean(s, true)]));
      } else out[k] = clean(v, false);
    }
    return out;
  };
  return clean(raw, false) as Json;
};
