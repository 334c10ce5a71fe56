import * as Schema from "effect/Schema";

/**
 * What the parse knows of the type a name holds (`TypedName.type`) or of what a function
 * returns when no return type is written (`ExtractedSymbol.returnValue`). The extractors build
 * these values and the resolver switches on the tag, so the two cannot read a notation apart.
 * Names and callees stay as written (`a.b.f`, `Factory().create`, `a::f`): the resolver follows
 * them as it follows any receiver.
 */
export const TypeNotation = Schema.Union(
  /** A type expression as written (`AuthService | null`, `list[Item]`), or the class a constructor call names (`auth.AuthService`). */
  Schema.TaggedStruct("Annotation", { text: Schema.String }),
  /** What calling `callee` gives (`make()`, `this.repo.get()`, `Factory().create()`: the arguments left out). */
  Schema.TaggedStruct("Returned", { callee: Schema.String }),
  /** The value `name` denotes itself, not an instance of it (`const stringType = ZodString.create`, TS `typeof X`). */
  Schema.TaggedStruct("ValueOf", { name: Schema.String }),
  /** The receiver of the function the binding is in (`const self = this`, `return self`). */
  Schema.TaggedStruct("This", {}),
  /** Element `index` of the tuple `callee` declares it returns (`a, b = f()`, `const [a, b] = f()`). */
  Schema.TaggedStruct("TupleElement", { callee: Schema.String, index: Schema.Number }),
  /**
   * Parameter `parameter` of a function passed as argument `argument` of `callee`, typed as the
   * callee declares it (`schema.superRefine((val, ctx) => …)`: ctx is parameter 1 of argument 0).
   */
  Schema.TaggedStruct("CallbackParameter", { callee: Schema.String, argument: Schema.Number, parameter: Schema.Number }),
);
export type TypeNotation = typeof TypeNotation.Type;

/**
 * What a Java call's argument shows of its type (`Reference.args`), to choose among overloads
 * of the same arity.
 */
export const ArgumentHint = Schema.Union(
  /** A type the expression itself shows (`String` for a literal, `Foo` for `new Foo<>()` or a cast, `Foo[]`, `int`, `Class`). */
  Schema.TaggedStruct("Written", { type: Schema.String }),
  /** The `null` literal: fits any reference type. */
  Schema.TaggedStruct("NullLiteral", {}),
  /**
   * A value the resolver types, as its dotted path: `["x"]` a name, `["this"]`, `["this", "f"]`
   * a field, `["Type", "FIELD"]` a static one.
   */
  Schema.TaggedStruct("Value", { path: Schema.Array(Schema.String) }),
  /** What calling `callee` (a dotted name, `a.b`) returns. */
  Schema.TaggedStruct("Returned", { callee: Schema.String }),
);
export type ArgumentHint = typeof ArgumentHint.Type;
