import * as Schema from "effect/Schema";

// Validation errors describe each field from its schema (validateArguments, shapeInWords): no field carries a message of its own.

/** A bounded string field: no tool argument is allowed to be unbounded. */
export const text = (description: string, maxLength = 2_000) =>
  Schema.String.pipe(Schema.minLength(1), Schema.maxLength(maxLength)).annotations({ description });

/**
 * Longest task or search text: what an agent pastes as a task is often a whole issue or commit
 * message (the localisation sets' run to 10,027 characters), and cutting it off loses the words
 * that name the code. Still bounded, as every argument is.
 */
export const TASK_TEXT_MAX = 20_000;

/** An integer field with a default, between `min` and `max`. */
export const int = (description: string, min: number, max: number, fallback: number) =>
  Schema.optionalWith(
    Schema.Int.pipe(Schema.between(min, max)).annotations({ description, default: fallback }),
    { default: () => fallback },
  );

/** One of `values`, defaulting to `fallback`. */
export const choice = <const L extends readonly [string, ...string[]]>(description: string, values: L, fallback: L[number]) =>
  Schema.optionalWith(
    Schema.Literal(...values).annotations({ description, default: fallback }),
    { default: () => fallback },
  );

/** An optional bounded string. */
export const optionalText = (description: string, maxLength = 1_000) => Schema.optional(text(description, maxLength));

/** A bounded list of bounded strings. */
export const textList = (description: string, maxItems = 50, maxLength = 500) =>
  Schema.optionalWith(
    Schema.Array(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(maxLength))).pipe(Schema.maxItems(maxItems)).annotations({ description }),
    { default: () => [] },
  );
