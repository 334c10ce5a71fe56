import * as Schema from "effect/Schema";
import { ArgumentHint, TypeNotation } from "./typeNotation.js";

/**
 * What one parse of one file yields. It travels inside `FileParsed`, so every projector
 * (graph, chunks, catalog) can be rebuilt from the log without reading the working tree.
 * Lines are 1-based; columns are 0-based UTF-16 code units (JavaScript string indices).
 */
export const SymbolKind = Schema.Literal(
  "Class",
  "Interface",
  "Function",
  "Method",
  "Variable",
  "Type",
  "Enum",
  "Test",
  /** A TypeScript `namespace X { … }`: its declarations are reached as `X.name`. */
  "Namespace",
);
export type SymbolKind = typeof SymbolKind.Type;

export const Param = Schema.Struct({
  name: Schema.String,
  type: Schema.NullOr(Schema.String),
});
export type Param = typeof Param.Type;

/** A name and the one type it is known to hold (see `ExtractedSymbol.typed`). */
export const TypedName = Schema.Struct({
  name: Schema.String,
  type: TypeNotation,
});
export type TypedName = typeof TypedName.Type;

export const ExtractedSymbol = Schema.Struct({
  /** Unique within the file: the qualified name, suffixed `#2`, `#3`… for overloads or redefinitions. */
  id: Schema.String,
  kind: SymbolKind,
  name: Schema.String,
  /** Dotted path inside the file: `UserService.login`; Go methods use the receiver type. */
  qualifiedName: Schema.String,
  /** `id` of the enclosing symbol (class for a method), or null at module level. */
  parent: Schema.NullOr(Schema.String),
  signature: Schema.String,
  doc: Schema.NullOr(Schema.String),
  startLine: Schema.Number,
  startCol: Schema.Number,
  endLine: Schema.Number,
  endCol: Schema.Number,
  exported: Schema.Boolean,
  visibility: Schema.NullOr(Schema.Literal("public", "private", "protected")),
  async: Schema.Boolean,
  params: Schema.Array(Param),
  /** Type names mentioned in the declared return type (`Promise<User>` gives `Promise`, `User`). */
  returns: Schema.Array(Schema.String),
  complexity: Schema.Number,
  /** Method names an interface/trait/protocol requires (Go structural satisfaction needs them). */
  members: Schema.Array(Schema.String),
  /**
   * Variables a function binds in its body (`const parse = …`, Python `f = …`): inside it they
   * hide imports and module-level names. Absent when none (and in parses older than the field: CHANGELOG.md).
   */
  locals: Schema.optional(Schema.Array(Schema.String)),
  /** Type parameters the declaration introduces (`<T>`): they hide types of the same name. Absent when none. */
  typeParams: Schema.optional(Schema.Array(Schema.String)),
  /**
   * Names bound here whose type is known, so `x.m()` / `this.x.m()` resolves to the method of
   * that type: a function's locals (`const x: T`, `x = new T()`, Python `x = T()`) and a class's
   * fields (`x: T`, `this.x = new T()`, `self.x = T()`). A name bound twice with different types,
   * or once from anything else, is left out. Absent when none (and in parses older than the field: CHANGELOG.md).
   */
  typed: Schema.optional(Schema.Array(TypedName)),
  /**
   * The declared return type as written (`list[Item]`, `Promise<User>`, `(*T, error)`), when there
   * is one: `returns` lists the names in it, this tells a collection of Item from an Item. In a
   * JavaScript file with none written, a JSDoc `@returns {T}` (a JSDoc `@param {T} name` likewise
   * fills that parameter's `type`). Absent in parses older than the field (CHANGELOG.md).
   */
  returnType: Schema.optional(Schema.String),
  /**
   * What a function returns when no return type is written: the one type its `return`
   * statements (or an arrow's expression body) agree on (`new T()` gives an annotation `T`,
   * `make()` / `this.a.b()` a call, `this` the instance). Absent when they disagree, say
   * nothing, or a return type is written.
   */
  returnValue: Schema.optional(TypeNotation),
});
export type ExtractedSymbol = typeof ExtractedSymbol.Type;

export const ReferenceKind = Schema.Literal("call", "new", "type", "extends", "implements");
export type ReferenceKind = typeof ReferenceKind.Type;

/** A name used in the file that the graph projector resolves later, across files. */
export const Reference = Schema.Struct({
  kind: ReferenceKind,
  /** The last segment: `login` in `this.auth.login()`. */
  name: Schema.String,
  /** What came before the last dot, as written (`this.auth`, `self`, `utils`, `pkg`), or null. */
  qualifier: Schema.NullOr(Schema.String),
  /** `id` of the enclosing symbol, or null at module level. */
  from: Schema.NullOr(Schema.String),
  line: Schema.Number,
  col: Schema.Number,
  /** Arguments at the call site (Java calls and `new`): picks among overloads of the callee. */
  arity: Schema.optional(Schema.Number),
  /**
   * Java: what each argument shows of its type, to choose among overloads of the same arity;
   * null for an argument that says nothing. Absent when no argument says anything.
   */
  args: Schema.optional(Schema.Array(Schema.NullOr(ArgumentHint))),
  /**
   * Rust: the qualifier is a path (`config::load()`, `a::B { … }`), not a value (`config.load()`):
   * its head is a module or type even where a local has that name. Absent otherwise (and in parses older than the field: CHANGELOG.md).
   */
  path: Schema.optional(Schema.Boolean),
  /**
   * True when the qualifier's `this` is that of a plain `function` passed as an argument inside
   * a class method (a callback): not the class instance, so the call is not resolved through it.
   */
  unboundThis: Schema.optional(Schema.Boolean),
  /**
   * An `implements` reference written apart from the type it is about: Go's
   * `var _ I = (*T)(nil)` names the interface (name, qualifier) and here the type of this
   * package that implements it, as written (`T`). The edge is T's, so T's file resolves it.
   */
  implementor: Schema.optional(Schema.String),
});
export type Reference = typeof Reference.Type;

export const ImportedName = Schema.Struct({
  /** Exported name; `default` for a default import, `*` for a namespace/whole-module import. */
  name: Schema.String,
  /** Local binding when it differs from `name` (or the namespace binding for `*`). */
  alias: Schema.NullOr(Schema.String),
});
export type ImportedName = typeof ImportedName.Type;

export const Import = Schema.Struct({
  /** As written: `./auth`, `react`, `.models`, `os.path`, `github.com/x/y/pkg`, `crate::a::b`. */
  specifier: Schema.String,
  names: Schema.Array(ImportedName),
  kind: Schema.Literal("import", "require", "dynamic", "reexport"),
  typeOnly: Schema.Boolean,
  line: Schema.Number,
});
export type Import = typeof Import.Type;

export const Chunk = Schema.Struct({
  /** `id` of the symbol the chunk lies in, or null for module-level code. */
  symbol: Schema.NullOr(Schema.String),
  /** Kind of that symbol, or `Module` for code outside any symbol. */
  kind: Schema.String,
  startLine: Schema.Number,
  endLine: Schema.Number,
  text: Schema.String,
  tokens: Schema.Number,
});
export type Chunk = typeof Chunk.Type;

/**
 * Build metadata the resolver needs to map import specifiers to files, read from manifest
 * files (tsconfig.json, package.json, go.mod, pyproject.toml…) at parse time so a replay
 * never reads the working tree.
 */
export const Manifest = Schema.Struct({
  kind: Schema.Literal("tsconfig", "package", "gomod", "python", "cargo", "maven", "composer"),
  /** Package/module name: package.json `name`, go.mod `module`, pyproject `name`. */
  name: Schema.NullOr(Schema.String),
  /** tsconfig `compilerOptions.baseUrl`, relative to the manifest's directory. */
  baseUrl: Schema.NullOr(Schema.String),
  /** tsconfig `paths` (pattern → targets), package.json `exports` flattened (subpath → target), `main`/`types` under ".". */
  paths: Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) }),
  /** tsconfig `extends`, if any (resolved by the resolver like an import). */
  extends: Schema.NullOr(Schema.String),
});
export type Manifest = typeof Manifest.Type;

export const FileParsed = Schema.Struct({
  path: Schema.String,
  contentHash: Schema.String,
  language: Schema.String,
  parserVersion: Schema.String,
  /** Go package clause, Java package, or null. */
  packageName: Schema.NullOr(Schema.String),
  lineCount: Schema.Number,
  /** True when tree-sitter recovered from syntax errors (the extraction may be partial). */
  hasErrors: Schema.Boolean,
  symbols: Schema.Array(ExtractedSymbol),
  references: Schema.Array(Reference),
  imports: Schema.Array(Import),
  chunks: Schema.Array(Chunk),
  /**
   * CommonJS `module.exports = x`: the local name the module exports as a whole (a symbol, or
   * `module.exports` for the binding of `module.exports = require(…)`). Absent when none.
   */
  exportsWhole: Schema.optional(Schema.String),
  /** Present when the file is a build manifest (then symbols etc. are usually empty). */
  manifest: Schema.optionalWith(Schema.NullOr(Manifest), { default: () => null }),
  /**
   * The local name a JavaScript/TypeScript module exports as `default` (`export default X`,
   * `export default class X`, `export { X as default }`; `default` for an anonymous one).
   * Absent when it has none, and in parses older than the field (CHANGELOG.md).
   */
  defaultExport: Schema.optional(Schema.String),
  /**
   * JavaScript/TypeScript `export { a as b }` or CommonJS `exports.b = a` of a name of this
   * module: `name` the local name, `alias` the exported one (`default` is `defaultExport`).
   * Absent when none, and in parses older than the field (CHANGELOG.md).
   */
  exportAliases: Schema.optional(Schema.Array(ImportedName)),
});
export type FileParsed = typeof FileParsed.Type;
