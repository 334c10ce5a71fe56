/** Names that are never declared in a repository, skipped before any lookup. */
const PRIMITIVES = new Set([
  "string", "number", "boolean", "bigint", "symbol", "any", "unknown", "void", "never", "null", "undefined", "object",
  "true", "false", "this", "typeof", "keyof", "readonly", "infer", "extends", "is", "asserts", "unique",
  "int", "float", "str", "bool", "bytes", "None", "complex",
  "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "byte", "rune", "error",
  "chan", "map", "func", "interface", "struct",
]);

/** Type names mentioned in a type annotation (`Map<string, ns.User[]>` gives `Map`, `ns.User`). */
export const typeNamesIn = (text: string): { qualifier: string | null; name: string }[] => {
  const out: { qualifier: string | null; name: string }[] = [];
  const seen = new Set<string>();
  // String literal types and quoted forward references carry no names we resolve.
  const bare = text.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, " ");
  for (const match of bare.matchAll(/[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*/g)) {
    const full = match[0];
    if (PRIMITIVES.has(full) || seen.has(full)) continue;
    seen.add(full);
    const dot = full.lastIndexOf(".");
    out.push(dot === -1 ? { qualifier: null, name: full } : { qualifier: full.slice(0, dot), name: full.slice(dot + 1) });
  }
  return out;
};
