import {
  sameTypeNotation,
  writtenType,
  type ExtractedSymbol,
  type Import,
  type Param,
  type Reference,
  type SymbolKind,
  type TypeNotation,
} from "../../events/index.js";
import { LineIndex } from "../LineIndex.js";

/** Longest signature kept; declarations longer than this are cut with an ellipsis. */
const SIGNATURE_MAX = 200;
/** Longest qualifier kept for a call (`a.b(c).d` chains can be whole expressions). */
const QUALIFIER_MAX = 120;
const DOC_MAX = 2000;
/** Most local names kept per symbol; past that, further locals are not recorded. */
const LOCALS_MAX = 256;

export type Mutable<T> = { -readonly [K in keyof T]: T[K] extends ReadonlyArray<infer U> ? U[] : T[K] };

export interface SymbolDraft extends Omit<Mutable<ExtractedSymbol>, "params" | "returns" | "members" | "locals" | "typeParams" | "typed" | "returnType" | "returnValue"> {
  params: Param[];
  returns: string[];
  members: string[];
  /** Variables bound in the body (see `ExtractedSymbol.locals`). */
  locals: string[];
  /** String index where this symbol's scope ends (exclusive). */
  end: number;
  /** Type parameters declared here (`<T>`), which are not references to anything. */
  typeParams: Set<string> | null;
  /** Names bound here, by the type they hold (see `ExtractedSymbol.typed` and `Extraction.bindType`). */
  types: Map<string, TypeBinding> | null;
  /** [start, end) of the return type annotation; type names inside it fill `returns`. */
  returnsFrom: number;
  returnsTo: number;
  /** What the function's returns agree on: undefined before the first, null once they disagree (see `bindReturn`). */
  returned: TypeNotation | null | undefined;
  /** Start of the function node this symbol is (its returns are its own), or -1. */
  ownFunction: number;
  /** Locals and parameters returned by name (`return q`): typed once the whole body is read. */
  returnedNames: string[] | null;
  /** The return type a JSDoc comment gives a JavaScript function (`@returns {T}`), when no other is written. */
  docReturnType: string | null;
}

/** What is known of a name's type: a notation or null (unknown), and whether an annotation declared it. */
export interface TypeBinding {
  type: TypeNotation | null;
  declared: boolean;
}

export interface NewSymbol {
  kind: SymbolKind;
  name: string;
  /** Range of the whole declaration (its scope for what lies inside). */
  start: number;
  end: number;
  signature?: string;
  doc?: string | null;
  exported?: boolean;
  visibility?: "public" | "private" | "protected" | null;
  async?: boolean;
  params?: Param[];
  /** Qualified name when it is not `parent.name` (Go methods: `Receiver.Method`). */
  qualifiedName?: string;
  /** Parent symbol when it is not the innermost enclosing one. */
  parent?: SymbolDraft | null;
}

export const FUNCTION_KINDS: ReadonlySet<SymbolKind> = new Set(["Function", "Method", "Test"]);

/**
 * Whether a type read from a binding's value goes through the bound name itself (`store.New()`,
 * `*flag.Flag`, `config::load()`, `x()`): typed so, a lookup of the name would lead back to it.
 */
const readsOuterName = (type: TypeNotation, name: string): boolean => {
  const through = (written: string): boolean => written.startsWith(`${name}.`) || written.startsWith(`${name}::`);
  switch (type._tag) {
    case "Annotation":
      return through(type.text.replace(/^[*&\s]+/, ""));
    case "Returned":
      return type.callee === name || through(type.callee);
    case "TupleElement":
      return through(type.callee);
    default:
      return false;
  }
};

/** The type a parameter's annotation gives it, or null when it has none. */
const annotated = (param: Param): TypeNotation | null => (param.type !== null ? writtenType(param.type) : null);

/** Collapses runs of whitespace to one space and cuts to `max` characters. */
export const oneLine = (s: string, max: number): string => {
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * The state of one file's extraction: what was found so far and the stack of symbols that
 * enclose the node being visited. Nodes arrive in document order (pre-order), so a symbol's
 * scope opens when the walk reaches its start and closes once a node starts past its end.
 */
export class Extraction {
  readonly lines: LineIndex;
  readonly symbols: SymbolDraft[] = [];
  readonly references: Mutable<Reference>[] = [];
  readonly imports: Mutable<Import>[] = [];
  packageName: string | null = null;
  /** See `FileParsed.defaultExport`. */
  defaultExport: string | null = null;
  /** See `FileParsed.exportAliases`. */
  readonly exportAliases: { name: string; alias: string }[] = [];
  /** CommonJS: what `module.exports = …` names (see `FileParsed.exportsWhole`). */
  exportsWhole: string | null = null;
  /** Start indices of declaration names, so the type walk does not report them as uses. */
  readonly declNames = new Set<number>();
  /** Type identifiers starting before this index were already reported by an enclosing node. */
  skipTypesUntil = -1;

  private readonly stack: SymbolDraft[] = [];
  private readonly pending: { start: number; symbol: SymbolDraft }[] = [];
  private readonly ids = new Map<string, number>();

  constructor(
    readonly text: string,
    readonly path: string,
  ) {
    this.lines = new LineIndex(text);
  }

  /** Moves the scope stack to the node starting at `index`. */
  enter(index: number): void {
    const pending = this.pending;
    while (pending.length > 0 && pending[0]!.start <= index) {
      const next = pending.shift()!;
      this.popEnded(next.start);
      this.stack.push(next.symbol);
    }
    this.popEnded(index);
  }

  private popEnded(index: number): void {
    const stack = this.stack;
    while (stack.length > 0 && stack[stack.length - 1]!.end <= index) stack.pop();
  }

  /** Innermost symbol enclosing the current node, or null at module level. */
  current(): SymbolDraft | null {
    return this.stack.length > 0 ? this.stack[this.stack.length - 1]! : null;
  }

  /** Enclosing symbols, innermost last (read-only view). */
  scopes(): readonly SymbolDraft[] {
    return this.stack;
  }

  /** Counts one branch for the innermost symbol when it is a function. */
  branch(): void {
    const top = this.current();
    if (top !== null && FUNCTION_KINDS.has(top.kind)) top.complexity++;
  }

  slice(start: number, end: number): string {
    return this.text.slice(start, end);
  }

  /** Single-line header text between `start` and `end` (the body start), cut to ~200 chars. */
  signature(start: number, end: number): string {
    return oneLine(this.text.slice(start, Math.min(end, start + SIGNATURE_MAX * 4)), SIGNATURE_MAX);
  }

  qualifier(start: number, end: number): string {
    return oneLine(this.text.slice(start, Math.min(end, start + QUALIFIER_MAX * 4)), QUALIFIER_MAX);
  }

  addSymbol(spec: NewSymbol): SymbolDraft {
    const parent = spec.parent !== undefined ? spec.parent : this.current();
    const qualifiedName = spec.qualifiedName ?? (parent !== null ? `${parent.qualifiedName}.${spec.name}` : spec.name);
    const seen = this.ids.get(qualifiedName) ?? 0;
    this.ids.set(qualifiedName, seen + 1);
    const id = seen === 0 ? qualifiedName : `${qualifiedName}#${seen + 1}`;
    const startLine = this.lines.line(spec.start);
    const endLine = this.lines.line(spec.end);
    const symbol: SymbolDraft = {
      id,
      kind: spec.kind,
      name: spec.name,
      qualifiedName,
      parent: parent?.id ?? null,
      signature: spec.signature ?? "",
      doc: spec.doc !== undefined && spec.doc !== null ? spec.doc.slice(0, DOC_MAX) : null,
      startLine,
      startCol: this.lines.col(spec.start, startLine),
      endLine,
      endCol: this.lines.col(spec.end, endLine),
      exported: spec.exported ?? false,
      visibility: spec.visibility ?? null,
      async: spec.async ?? false,
      params: spec.params ?? [],
      returns: [],
      complexity: 1,
      members: [],
      locals: [],
      end: spec.end,
      typeParams: null,
      types: null,
      returnsFrom: -1,
      returnsTo: -1,
      returned: undefined,
      ownFunction: -1,
      returnedNames: null,
      docReturnType: null,
    };
    this.symbols.push(symbol);
    this.openScope(spec.start, symbol);
    return symbol;
  }

  private openScope(start: number, symbol: SymbolDraft): void {
    const pending = this.pending;
    let i = pending.length;
    while (i > 0 && pending[i - 1]!.start > start) i--;
    pending.splice(i, 0, { start, symbol });
  }

  addReference(kind: Reference["kind"], name: string, qualifier: string | null, index: number, from?: SymbolDraft | null): Mutable<Reference> {
    const line = this.lines.line(index);
    const source = from !== undefined ? from : this.current();
    const reference = { kind, name, qualifier, from: source?.id ?? null, line, col: this.lines.col(index, line) };
    this.references.push(reference);
    return reference;
  }

  addImport(entry: Mutable<Import>): void {
    this.imports.push(entry);
  }

  /** Records `name` as a variable bound inside `owner`'s body. */
  addLocal(owner: SymbolDraft, name: string): void {
    if (name.length > 0 && !owner.locals.includes(name) && owner.locals.length < LOCALS_MAX) owner.locals.push(name);
  }

  /**
   * Records that `name`, bound in `owner` (a local of a function, a field of a class), holds a
   * value of `type`, or of a type not known (null). A `declared` type (an annotation) stands
   * whatever is assigned later; otherwise one disagreement makes the type unknown for good.
   */
  bindType(owner: SymbolDraft, name: string, type: TypeNotation | null, declared = false): void {
    if (name.length === 0) return;
    // `store := store.New()` (Go, and Rust `let config = config::load()`) reads the outer name on
    // the right, and so does the type of `func(flag *flag.Flag)`: typing the local by it would
    // send that very lookup through the local. Such a name is left untyped.
    if (type !== null && readsOuterName(type, name)) type = null;
    const types = (owner.types ??= new Map());
    const had = types.get(name);
    if (had === undefined) {
      if (types.size < LOCALS_MAX) types.set(name, { type, declared });
    } else if (declared && !had.declared) {
      types.set(name, { type, declared });
    } else if (declared === had.declared && !sameTypeNotation(had.type, type)) {
      had.type = null;
    }
  }

  /**
   * Records that `fn` returns a value of `type` at one of its returns, or of a type not known
   * (null); one disagreement makes it unknown for good.
   */
  bindReturn(fn: SymbolDraft, type: TypeNotation | null): void {
    fn.returned = fn.returned === undefined || sameTypeNotation(fn.returned, type) ? type : null;
  }

  /** Records that `fn` returns its local or parameter `name` (see `settleReturns`). */
  returnName(fn: SymbolDraft, name: string): void {
    const names = (fn.returnedNames ??= []);
    if (!names.includes(name)) names.push(name);
  }

  /**
   * Folds the names `fn` returns into what its returns agree on, with the types those names have
   * once the whole body is read (a local assigned another type after the `return` is unknown).
   */
  settleReturns(fn: SymbolDraft): void {
    if (fn.returnedNames === null) return;
    for (const name of fn.returnedNames) {
      const bound = fn.types?.get(name);
      const param = fn.params.find((p) => p.name === name);
      // A name bound elsewhere (a module-level instance) is returned as the value it names.
      const type: TypeNotation | null =
        bound !== undefined ? bound.type : param !== undefined ? annotated(param) : fn.locals.includes(name) ? null : { _tag: "ValueOf", name };
      this.bindReturn(fn, type);
    }
    fn.returnedNames = null;
  }

  /**
   * Forgets any type of `name` in `owner` for good: a scope inside it binds the name to
   * something else (a comprehension variable, a lambda parameter) where the two cannot be told apart.
   */
  shadowType(owner: SymbolDraft, name: string): void {
    if (name.length === 0) return;
    (owner.types ??= new Map()).set(name, { type: null, declared: true });
  }

  /**
   * The annotation `name` was declared with in `fn`, as written: a parameter's, or a typed
   * local's when an annotation declared it (see `bindType`); null when it has none (so far).
   */
  declaredTypeIn(fn: SymbolDraft, name: string): string | null {
    const param = fn.params.find((p) => p.name === name);
    if (param !== undefined) return param.type;
    const bound = fn.types?.get(name);
    return bound !== undefined && bound.declared && bound.type !== null && bound.type._tag === "Annotation" ? bound.type.text : null;
  }

  /** The class whose instance `this`/`self` is inside `fn`: the class `fn` is a method of. */
  classOfMethod(fn: SymbolDraft): SymbolDraft | null {
    for (let i = this.stack.length - 1; i > 0; i--) {
      if (this.stack[i] !== fn) continue;
      const parent = this.stack[i - 1]!;
      return parent.kind === "Class" && fn.parent === parent.id ? parent : null;
    }
    return null;
  }

  /** True when `name` is a type parameter of an enclosing symbol. */
  isTypeParam(name: string): boolean {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const params = this.stack[i]!.typeParams;
      if (params !== null && params.has(name)) return true;
    }
    return false;
  }

  /** Records a type name used at `index`: a `type` reference, and a return type when inside one. */
  typeUse(name: string, qualifier: string | null, index: number): void {
    if (this.isTypeParam(name)) return;
    const top = this.current();
    if (top !== null && index >= top.returnsFrom && index < top.returnsTo && !top.returns.includes(name)) {
      top.returns.push(name);
    }
    this.addReference("type", name, qualifier, index);
  }

  lineOf(index: number): number {
    return this.lines.line(index);
  }
}
