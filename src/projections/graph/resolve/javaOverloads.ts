/**
 * Choosing among Java overloads of the same arity by what the arguments show of their types,
 * in the spirit of JLS §15.12.2: an exact type beats a widening, which beats boxing, which beats
 * `Object`; a candidate some argument cannot be passed to is out. Plain functions: the resolver
 * supplies the types (see `JavaArgumentTypes`).
 */

/** A type as the resolver read it: its simple name (`String`, `int`, `Foo[]`) and what it is. */
export interface JavaType {
  readonly name: string;
  /** Key of the project's class or interface the name resolves to (`path#id`), null when it is none of ours. */
  readonly project: string | null;
  /** A type variable (`T`): any reference type may be passed. */
  readonly variable: boolean;
  /**
   * For a project type, everything it extends or implements at any depth: the key of each
   * project type, the simple name of each outside it.
   */
  readonly ancestors: ReadonlySet<string>;
  /** For a project type: whether some ancestor is outside the project (so its ancestors are not all known). */
  readonly open: boolean;
}

const WIDENS_TO: Readonly<Record<string, readonly string[]>> = {
  byte: ["short", "int", "long", "float", "double"],
  short: ["int", "long", "float", "double"],
  char: ["int", "long", "float", "double"],
  int: ["long", "float", "double"],
  long: ["float", "double"],
  float: ["double"],
  double: [],
  boolean: [],
};
const BOXED: Readonly<Record<string, string>> = {
  byte: "Byte",
  short: "Short",
  char: "Character",
  int: "Integer",
  long: "Long",
  float: "Float",
  double: "Double",
  boolean: "Boolean",
};
const UNBOXED: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(BOXED).map(([p, b]) => [b, p]));

/**
 * Supertypes of final JDK classes (nothing else can be passed where they are expected, and they
 * can be passed nowhere else). Reference types outside this list and outside the project are open.
 */
const NUMBER = ["Number", "Comparable", "Serializable", "Constable", "ConstantDesc"];
const FINAL_SUPERTYPES: Readonly<Record<string, readonly string[]>> = {
  String: ["CharSequence", "Comparable", "Serializable", "Constable", "ConstantDesc"],
  StringBuilder: ["AbstractStringBuilder", "Appendable", "CharSequence", "Comparable", "Serializable"],
  StringBuffer: ["AbstractStringBuilder", "Appendable", "CharSequence", "Comparable", "Serializable"],
  Class: ["Type", "GenericDeclaration", "AnnotatedElement", "Serializable", "TypeDescriptor"],
  Integer: NUMBER,
  Long: NUMBER,
  Double: NUMBER,
  Float: NUMBER,
  Short: ["Number", "Comparable", "Serializable", "Constable"],
  Byte: ["Number", "Comparable", "Serializable", "Constable"],
  Character: ["Comparable", "Serializable", "Constable"],
  Boolean: ["Comparable", "Serializable", "Constable"],
};

/**
 * Supertypes of JDK classes and interfaces common in signatures. An argument's static type is
 * what Java matches on, so these lists are complete for such an argument: it fits nothing else.
 */
const CLOSEABLE = ["Closeable", "AutoCloseable"];
const WRITER = ["Writer", "Appendable", "Flushable", ...CLOSEABLE];
const READER = ["Reader", "Readable", ...CLOSEABLE];
const COLLECTION = ["Collection", "Iterable"];
const LIST = ["List", "SequencedCollection", ...COLLECTION];
const ARRAY_LIST = ["ArrayList", "AbstractList", "AbstractCollection", "RandomAccess", "Cloneable", "Serializable", ...LIST];
const SET = ["Set", ...COLLECTION];
const MAP = ["Map"];
const HASH_MAP = ["HashMap", "AbstractMap", "Cloneable", "Serializable", ...MAP];
const BIG = ["Number", "Comparable", "Serializable"];
const JDK_SUPERTYPES: Readonly<Record<string, readonly string[]>> = {
  Writer: WRITER.slice(1),
  StringWriter: WRITER,
  PrintWriter: WRITER,
  BufferedWriter: WRITER,
  OutputStreamWriter: WRITER,
  FileWriter: ["OutputStreamWriter", ...WRITER],
  CharArrayWriter: WRITER,
  Reader: READER.slice(1),
  StringReader: READER,
  BufferedReader: READER,
  InputStreamReader: READER,
  FileReader: ["InputStreamReader", ...READER],
  CharArrayReader: READER,
  InputStream: CLOSEABLE,
  OutputStream: ["Flushable", ...CLOSEABLE],
  Collection: ["Iterable"],
  List: LIST.slice(1),
  ArrayList: ARRAY_LIST.slice(1),
  LinkedList: ["AbstractSequentialList", "Deque", "Queue", ...ARRAY_LIST.slice(1).filter((t) => t !== "RandomAccess")],
  Set: SET.slice(1),
  HashSet: ["AbstractSet", "AbstractCollection", "Cloneable", "Serializable", ...SET],
  Map: [],
  HashMap: HASH_MAP.slice(1),
  LinkedHashMap: HASH_MAP,
  TreeMap: ["AbstractMap", "NavigableMap", "SortedMap", "SequencedMap", "Cloneable", "Serializable", ...MAP],
  BigInteger: BIG,
  BigDecimal: BIG,
  Date: ["Serializable", "Cloneable", "Comparable"],
};

const EXACT = 4;
const SUBTYPE = 3;
const WIDENED = 2.5;
const BOXING = 2;
const ANY = 1;
const UNKNOWN = 1;
const NEVER = -1;

const isPrimitive = (name: string): boolean => name in WIDENS_TO;

/**
 * How well an argument fits a parameter: NEVER when it cannot be passed, else higher the more
 * specific the fit. `arg` null: nothing is known of the argument. `"null"`: the null literal.
 */
export const fitOf = (arg: JavaType | null, param: JavaType | null): number => {
  if (arg === null || param === null) return UNKNOWN;
  const a = arg.name;
  const p = param.name;
  // Any reference type takes null; Java then picks the most specific, so Object comes last.
  if (a === "null") return isPrimitive(p) ? NEVER : p === "Object" ? ANY : ANY + 0.5;
  if (param.variable) return isPrimitive(a) ? BOXING : ANY;
  if (arg.variable) return isPrimitive(p) ? NEVER : UNKNOWN;
  if (arg.project !== null || param.project !== null) {
    if (arg.project === param.project) return EXACT;
    if (isPrimitive(p) || isPrimitive(a)) return NEVER;
    if (p === "Object") return ANY;
    // A JDK or library type is never a subtype of one of ours.
    if (arg.project === null) return NEVER;
    if (arg.ancestors.has(param.project ?? p)) return SUBTYPE;
    // Our type can reach a library type only through an ancestor outside the project.
    return param.project === null && arg.open ? UNKNOWN : NEVER;
  }
  if (a === p) return EXACT;
  if (isPrimitive(a)) {
    if (isPrimitive(p)) {
      const widened = WIDENS_TO[a]!.indexOf(p);
      // The nearest widening is the most specific (`value(long)` over `value(double)` for an int).
      return widened === -1 ? NEVER : WIDENED - widened * 0.1;
    }
    if (BOXED[a] === p) return BOXING;
    const boxed = BOXED[a]!;
    return p === "Object" || FINAL_SUPERTYPES[boxed]!.includes(p) ? ANY : NEVER;
  }
  if (isPrimitive(p)) {
    const unboxed = UNBOXED[a];
    if (unboxed === undefined) return NEVER;
    return unboxed === p || WIDENS_TO[unboxed]!.includes(p) ? BOXING : NEVER;
  }
  if (p === "Object") return ANY;
  const known = FINAL_SUPERTYPES[a] ?? JDK_SUPERTYPES[a];
  if (known !== undefined) return known.includes(p) ? SUBTYPE : NEVER;
  // Only a String is a String (and so for the other final classes listed).
  if (p in FINAL_SUPERTYPES) return NEVER;
  // Arrays are passed only as arrays (or as Object, above).
  if (a.endsWith("[]") !== p.endsWith("[]")) return NEVER;
  return UNKNOWN;
};

/**
 * The index of the overload the arguments fit best, or null when none can be told apart from
 * the others (every argument unknown, or a tie between the best): the caller keeps its guess.
 */
export const bestOverload = (args: readonly (JavaType | null)[], candidates: readonly (readonly (JavaType | null)[])[]): number | null => {
  let best: number | null = null;
  let bestScore = -Infinity;
  let tied = false;
  candidates.forEach((params, index) => {
    let score = 0;
    for (let i = 0; i < args.length; i++) {
      // A varargs parameter takes the rest; its element type is not compared.
      const fit = i < params.length ? fitOf(args[i]!, params[i]!) : UNKNOWN;
      if (fit === NEVER) return;
      score += fit;
    }
    if (score > bestScore) {
      best = index;
      bestScore = score;
      tied = false;
    } else if (score === bestScore) tied = true;
  });
  return tied ? null : best;
};
