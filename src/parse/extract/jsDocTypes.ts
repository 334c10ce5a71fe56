/**
 * Types a JSDoc comment gives a plain JavaScript function (`@param {Repo} repo`, `@returns
 * {Item}`), as the TypeScript checker reads them in a JS file. Pure: the extractor passes the
 * comment's text (`ExtractedSymbol.doc`).
 */

/** Types that say nothing a receiver can use. */
const VAGUE = new Set(["*", "?", "any", "Object", "object", "Function", "function", "void", "undefined", "null", "Array", "Promise", "unknown"]);

/** `{?Repo}`, `{!Repo}`, `{Repo=}` read as `Repo`; null for a type that says nothing. */
const cleanType = (written: string): string | null => {
  const type = written.trim().replace(/^[?!]/, "").replace(/=$/, "").trim();
  return type.length === 0 || VAGUE.has(type) ? null : type;
};

/** Reads the balanced `{…}` that starts at `open`; returns its inside and the index after it. */
const braced = (text: string, open: number): { inside: string; end: number } | null => {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return { inside: text.slice(open + 1, i), end: i + 1 };
  }
  return null;
};

/** Parameter types by name (`@param {T} name`, `@param {T} [name=1]`); dotted names (`opts.x`) are members, left out. */
export const jsDocParams = (doc: string): Map<string, string> => {
  const out = new Map<string, string>();
  for (const m of doc.matchAll(/@(?:param|arg|argument)\s*\{/g)) {
    const type = braced(doc, m.index + m[0].length - 1);
    if (type === null) continue;
    const name = /^\s*\[?\s*([A-Za-z_$][\w$]*)(?=[\s\]=]|$)/.exec(doc.slice(type.end));
    const cleaned = cleanType(type.inside);
    if (name !== null && cleaned !== null && !out.has(name[1]!)) out.set(name[1]!, cleaned);
  }
  return out;
};

/** The return type (`@returns {T}` / `@return {T}`), or null. */
export const jsDocReturn = (doc: string): string | null => {
  const m = /@returns?\s*\{/.exec(doc);
  const type = m !== null ? braced(doc, m.index + m[0].length - 1) : null;
  return type !== null ? cleanType(type.inside) : null;
};
