import { Schema } from "effect";

/**
 * What a typed binding says of the type its name holds, as the resolver reads it: the parse
 * writes it as text (`TypedName.type`, `ExtractedSymbol.returnValue`) and `readTypeNotation`
 * is the one place that text is taken apart. These schemas are the shapes the FileParsed
 * event is meant to carry instead of the text (issue 24, item 4); until it does, the readers
 * below turn the text into them.
 */
const TypeNotation = Schema.Union(
  /** `this`: the receiver of the function the binding is in. */
  Schema.TaggedStruct("This", {}),
  /** `typeof X`: the value X denotes itself, not an instance of it. */
  Schema.TaggedStruct("ValueOf", { name: Schema.String }),
  /** `f()[i]`: element `index` of the tuple `callee` declares it returns. */
  Schema.TaggedStruct("TupleElement", { callee: Schema.String, index: Schema.Number }),
  /** `callback <i> of <callee> param <j>`: parameter j of a function passed as argument i of callee, as callee declares it. */
  Schema.TaggedStruct("CallbackParameter", { callee: Schema.String, argument: Schema.Number, parameter: Schema.Number }),
  /** `f()` / `a.b.f()`: what calling `callee` gives (its arguments left out). */
  Schema.TaggedStruct("Returned", { callee: Schema.String }),
  /** A type expression as written (`AuthService | null`, `auth.AuthService`). */
  Schema.TaggedStruct("Annotation", { text: Schema.String }),
);
export type TypeNotation = typeof TypeNotation.Type;

const TUPLE_ELEMENT = /^(.+)\(\)\[(\d+)\]$/;
const CALLBACK_PARAMETER = /^callback (\d+) of (.+) param (\d+)$/;

export const readTypeNotation = (text: string): TypeNotation => {
  if (text === "this") return { _tag: "This" };
  if (text.startsWith("typeof ")) return { _tag: "ValueOf", name: text.slice("typeof ".length).trim() };
  const element = TUPLE_ELEMENT.exec(text);
  if (element !== null) return { _tag: "TupleElement", callee: element[1]!, index: Number(element[2]) };
  const callback = CALLBACK_PARAMETER.exec(text);
  if (callback !== null) return { _tag: "CallbackParameter", callee: callback[2]!, argument: Number(callback[1]), parameter: Number(callback[3]) };
  if (text.endsWith("()")) return { _tag: "Returned", callee: text.slice(0, -2) };
  return { _tag: "Annotation", text };
};

/**
 * What a Java call's argument shows of its type (`Reference.args`), to choose among overloads:
 * the parse writes a type name, `null`, or `=<expression>` for a value the resolver types.
 */
const ArgumentHint = Schema.Union(
  /** The `null` literal: fits any reference type. */
  Schema.TaggedStruct("NullLiteral", {}),
  /** A value the resolver types: a name, `this`, `this.f`, `Type.FIELD` or a call `a.b()`. */
  Schema.TaggedStruct("Value", { expression: Schema.String }),
  /** A type as written (`String`, `int`, `Foo[]`, `Foo` for `new Foo<>()` or a cast). */
  Schema.TaggedStruct("Written", { type: Schema.String }),
);
export type ArgumentHint = typeof ArgumentHint.Type;

export const readArgumentHint = (hint: string): ArgumentHint =>
  hint.startsWith("=") ? { _tag: "Value", expression: hint.slice(1) } : hint === "null" ? { _tag: "NullLiteral" } : { _tag: "Written", type: hint };
