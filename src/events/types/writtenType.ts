// No schema imported here: the parse workers build these values without loading effect.
import type { TypeNotation } from "./typeNotation.js";

/**
 * A type as the source writes it. TypeScript spells two notations as types: `typeof X` is the
 * value X itself and `this` the receiver; anything else is an annotation.
 */
export const writtenType = (text: string): TypeNotation => {
  if (text === "this") return { _tag: "This" };
  if (text.startsWith("typeof ")) return { _tag: "ValueOf", name: text.slice("typeof ".length).trim() };
  return { _tag: "Annotation", text };
};
