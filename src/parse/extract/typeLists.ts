/**
 * Reads `A, b.C<D>, E` style type lists from source text, for heritage clauses whose parts we
 * would otherwise reach with one native call per node.
 */

export interface ListedType {
  readonly name: string;
  readonly qualifier: string | null;
  /** Offset of `name` within the text given. */
  readonly offset: number;
}

const PATH = /^\s*((?:[\p{L}_$][\p{L}\p{N}_$]*\s*(?:\.|::)\s*)*)([\p{L}_$][\p{L}\p{N}_$]*)/u;

/** Splits `text` on `separator` outside (), [], {}, <>. */
export const splitTopLevel = (text: string, separator: string): { part: string; offset: number }[] => {
  const parts: { part: string; offset: number }[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "(" || c === "[" || c === "{" || c === "<") depth++;
    else if ((c === ")" || c === "]" || c === "}" || c === ">") && depth > 0) depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push({ part: text.slice(from, i), offset: from });
      from = i + separator.length;
    }
  }
  parts.push({ part: text.slice(from), offset: from });
  return parts;
};

/** The named types of a comma-separated list (generic arguments dropped). */
export const listedTypes = (text: string, separator = ","): ListedType[] => {
  const out: ListedType[] = [];
  for (const { part, offset } of splitTopLevel(text, separator)) {
    const m = PATH.exec(part);
    if (m === null) continue;
    const qualifier = m[1]!.replace(/\s+/g, "").replace(/(\.|::)$/, "");
    out.push({ name: m[2]!, qualifier: qualifier.length > 0 ? qualifier : null, offset: offset + m[0].length - m[2]!.length });
  }
  return out;
};
