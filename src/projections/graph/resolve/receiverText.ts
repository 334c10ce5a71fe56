/** Pure readings of receiver and annotation text, as the extractors write it. */

const NOTHING = new Set(["None", "null", "undefined", "nil"]);

/**
 * A receiver expression split at its top-level separators into names and calls:
 * `a.b(x, y.z).c()` gives `a`, `b(…)`, `c(…)` (Rust mixes `::` and `.`: `a::B::new().f`);
 * null when a part is anything else.
 */
export const chainSegments = (qualifier: string, sep: string | readonly string[]): { name: string; call: boolean }[] | null => {
  const seps = typeof sep === "string" ? [sep] : sep;
  const out: { name: string; call: boolean }[] = [];
  let i = 0;
  const n = qualifier.length;
  while (i <= n) {
    const m = /^[A-Za-z_$][\w$]*/.exec(qualifier.slice(i, i + 200));
    if (m === null) return null;
    i += m[0].length;
    let call = false;
    if (qualifier.charAt(i) === "(") {
      let depth = 0;
      for (; i < n; i++) {
        const c = qualifier.charAt(i);
        if (c === "(" || c === "[" || c === "{") depth++;
        else if (c === ")" || c === "]" || c === "}") depth--;
        if (depth === 0) break;
      }
      if (depth !== 0) return null;
      i++;
      call = true;
    }
    out.push({ name: m[0], call });
    if (i === n) return out;
    const next = seps.find((s) => qualifier.startsWith(s, i));
    if (next === undefined) return null;
    i += next.length;
  }
  return null;
};

/** The one type name an annotation denotes, or null for collections, functions and unions. */
export const annotatedTypeName = (annotation: string): string | null => {
  // C and C++ write pointers and references after the type and may name its tag (`struct node *`).
  let text = annotation.trim().replace(/^(readonly\s+|\*|&(mut\s+)?)+/, "").replace(/^(?:struct|union|enum|class)\s+/, "").replace(/[\s*&]+$/, "");
  const optional = /^(?:typing\.)?Optional\[(.*)\]$/.exec(text);
  if (optional !== null) text = optional[1]!.trim();
  const parts = text.split("|").map((p) => p.trim()).filter((p) => !NOTHING.has(p));
  if (parts.length !== 1) return null;
  text = parts[0]!.replace(/^(["'])(.*)\1$/, "$2");
  const m = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(?:<.+>|\[.+\])?$/.exec(text);
  return m !== null ? m[1]! : null;
};

/**
 * A receiver that starts with a constructor call: the class it creates and the chain after it
 * (`""` when none). `new Sub()` → Sub, ""; `(new ns.Sub<T>(1, f(x))).a().b` → ns.Sub, "a().b";
 * null when the receiver does not start so.
 */
export const createdClass = (qualifier: string): { readonly cls: string; readonly rest: string } | null => {
  const m = /^(\(\s*)?new\s+([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*(?:<[^()]*>\s*)?\(/.exec(qualifier);
  if (m === null) return null;
  let depth = 1;
  let i = m[0].length;
  for (; i < qualifier.length && depth > 0; i++) {
    const c = qualifier.charAt(i);
    if (c === "(") depth++;
    else if (c === ")") depth--;
  }
  if (depth !== 0) return null;
  let rest = qualifier.slice(i).trim();
  if (m[1] !== undefined) {
    if (!rest.startsWith(")")) return null;
    rest = rest.slice(1).trim();
  }
  if (rest !== "" && !rest.startsWith(".")) return null;
  return { cls: m[2]!.replace(/\s+/g, ""), rest: rest.slice(1).trim() };
};

/**
 * A receiver as its types read it: line breaks and spaces around a dot dropped (`a\n  .b()`
 * is written `a .b()`), and in TypeScript optional chaining and non-null assertions
 * (`a?.b()`, `a!.b`, `f?.()`), which change nothing of what is called.
 */
export const plainReceiver = (qualifier: string, ts: boolean): string => {
  let text = qualifier.includes(" ") ? qualifier.replace(/\s*\.\s*/g, ".") : qualifier;
  if (ts && text.includes("?.")) text = text.replace(/\?\.(?=\()/g, "").replace(/\?\./g, ".");
  if (ts && text.includes("!")) text = text.replace(/!(?=\.|$)/g, "");
  return text;
};

/**
 * A receiver that is a cast in parentheses: the type it names and the chain after it.
 * TypeScript `(x as ns.T<U>).a()` → ns.T<U>, "a()"; Java `((T) x).a()` → T, "a()"; null otherwise.
 */
export const castReceiver = (qualifier: string, ts: boolean): { readonly type: string; readonly rest: string } | null => {
  if (!qualifier.startsWith("(")) return null;
  let depth = 0;
  let end = 0;
  for (; end < qualifier.length; end++) {
    const c = qualifier.charAt(end);
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) break;
  }
  if (depth !== 0) return null;
  const inner = qualifier.slice(1, end).trim();
  const m = ts ? /\sas\s+([A-Za-z_$][\w$.]*(?:<.*>)?)$/.exec(inner) : /^\(\s*([A-Za-z_$][\w$.]*(?:<.*>)?)\s*\)\s*[A-Za-z_$(]/.exec(inner);
  if (m === null) return null;
  const rest = qualifier.slice(end + 1).trim();
  if (rest !== "" && !rest.startsWith(".")) return null;
  return { type: m[1]!, rest: rest.slice(1) };
};

/**
 * The annotation of parameter `index` in a function type: `(arg: T, ctx: Ctx) => void` with
 * index 1 gives `Ctx`; null when the annotation is no function type or lists no such parameter.
 */
export const callbackParameter = (annotation: string, index: number): string | null => {
  let text = annotation.trim();
  if (text.startsWith("<")) {
    // `<T>(x: T) => void`: the function's own type parameters first.
    const close = text.indexOf(">(");
    if (close === -1) return null;
    text = text.slice(close + 1);
  }
  const end = text.startsWith("(") ? closingBracket(text, 0) : -1;
  if (end === -1 || !text.slice(end + 1).trimStart().startsWith("=>")) return null;
  const param = typeListParts(text.slice(1, end))[index]?.trim();
  const m = param !== undefined ? /^(?:\.\.\.)?[A-Za-z_$][\w$]*\??\s*:\s*([\s\S]+)$/.exec(param) : null;
  return m !== null ? m[1]!.trim() : null;
};

const OPENING = new Set(["(", "[", "{", "<"]);
const CLOSING = new Set([")", "]", "}", ">"]);
/** A bracket of a type: an arrow's `=>` closes nothing. */
const closes = (text: string, i: number): boolean => CLOSING.has(text.charAt(i)) && !(text.charAt(i) === ">" && text.charAt(i - 1) === "=");

/** Index of the bracket that closes the one at `open` in a type's text, or -1. */
const closingBracket = (text: string, open: number): number => {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (OPENING.has(text.charAt(i))) depth++;
    else if (closes(text, i) && --depth === 0) return i;
  }
  return -1;
};

/** The parts of a type list between its top-level commas (`A<B, C>, (x: D) => E` is two). */
const typeListParts = (inner: string): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    if (OPENING.has(inner.charAt(i))) depth++;
    else if (closes(inner, i)) depth--;
    else if (inner.charAt(i) === "," && depth === 0) {
      parts.push(inner.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(inner.slice(from));
  return parts;
};

/** A callee written `a.b.f`, `a::B::f` or `f`: what comes before its last `.` or `::`, and its name. */
export const splitCallee = (callee: string): { readonly qualifier: string | null; readonly name: string } => {
  const dot = callee.lastIndexOf(".");
  const path = callee.lastIndexOf("::");
  if (dot === -1 && path === -1) return { qualifier: null, name: callee };
  return dot > path ? { qualifier: callee.slice(0, dot), name: callee.slice(dot + 1) } : { qualifier: callee.slice(0, path), name: callee.slice(path + 2) };
};

/**
 * Element `index` of a tuple type: Python `tuple[A, B]` / `Tuple[A, B]` (`tuple[A, ...]` is A
 * at every index), TypeScript `[A, B]`, either inside `Promise<…>`; null for anything else.
 */
export const tupleElement = (annotation: string, index: number): string | null => {
  let text = annotation.trim();
  const promise = /^Promise\s*<([\s\S]*)>$/.exec(text);
  if (promise !== null) text = promise[1]!.trim();
  const open = /^(?:(?:typing\.)?[Tt]uple\s*)?\[/.exec(text);
  if (open === null || !text.endsWith("]")) return null;
  const elements = typeListParts(text.slice(open[0].length, -1)).map((e) => e.trim());
  if (elements.length === 2 && elements[1] === "...") return elements[0]!.length > 0 ? elements[0]! : null;
  const element = elements[index];
  return element !== undefined && element.length > 0 && element !== "..." ? element : null;
};
