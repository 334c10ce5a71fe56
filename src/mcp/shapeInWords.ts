/** The part of a JSON Schema node that says what values it accepts. */
export interface ShapeNode {
  readonly type?: string | ReadonlyArray<string>;
  readonly enum?: ReadonlyArray<unknown>;
  readonly const?: unknown;
  readonly anyOf?: ReadonlyArray<ShapeNode>;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly items?: ShapeNode;
}

const count = (n: number): string => n.toLocaleString("en-US");

const range = (min: number | undefined, max: number | undefined): string =>
  min !== undefined && max !== undefined ? ` from ${count(min)} to ${count(max)}` : min !== undefined ? ` of at least ${count(min)}` : max !== undefined ? ` of at most ${count(max)}` : "";

const size = (min: number | undefined, max: number | undefined, unit: string): string => {
  const lo = min ?? 0;
  if (max === undefined) return lo > 0 ? `at least ${count(lo)} ${unit}` : "";
  return lo > 1 ? `${count(lo)} to ${count(max)} ${unit}` : `at most ${count(max)} ${unit}`;
};

/** The literal values a node admits, or null when it admits more than literals. */
const literalsOf = (node: ShapeNode): unknown[] | null => {
  if (node.enum) return [...node.enum];
  if ("const" in node) return [node.const];
  if (node.anyOf) {
    const all = node.anyOf.map(literalsOf);
    return all.every((l) => l !== null) ? all.flat() : null;
  }
  return null;
};

const literalText = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

/**
 * What a JSON Schema node accepts, in words: "a whole number from 1 to 5", "one of IMPORTS,
 * CALLS", "a list of at most 20 items, each a non-empty string of at most 1,000 characters".
 * Validation errors say this, so every tool's message names its limits from its own schema;
 * null for a shape these words do not cover (the caller then keeps the validator's message).
 */
export const shapeInWords = (node: ShapeNode): string | null => {
  const literals = literalsOf(node);
  if (literals !== null) return literals.length === 1 ? literalText(literals[0]) : `one of ${literals.map(literalText).join(", ")}`;
  if (node.anyOf) {
    const parts = node.anyOf.map(shapeInWords);
    return parts.every((p) => p !== null) ? [...new Set(parts)].join(" or ") : null;
  }
  if (Array.isArray(node.type)) {
    const parts = node.type.map((type) => shapeInWords({ ...node, type }));
    return parts.every((p) => p !== null) ? parts.join(" or ") : null;
  }
  switch (node.type) {
    case "integer":
      return `a whole number${range(node.minimum, node.maximum)}`;
    case "number":
      return `a number${range(node.minimum, node.maximum)}`;
    case "boolean":
      return "true or false";
    case "null":
      return "null";
    case "string": {
      const limit = node.maxLength === undefined ? "" : ` of at most ${count(node.maxLength)} characters`;
      return `${(node.minLength ?? 0) > 0 ? "a non-empty string" : "a string"}${limit}`;
    }
    case "array": {
      const howMany = size(node.minItems, node.maxItems, "items");
      const each = node.items ? shapeInWords(node.items) : null;
      return `a list${howMany === "" ? "" : ` of ${howMany}`}${each === null ? "" : `${howMany === "" ? " of items" : ""}, each ${each}`}`;
    }
    case "object":
      return "an object (JSON)";
    default:
      return null;
  }
};
