import type { ImportedName } from "../../../events/index.js";
import { splitTopLevel } from "../typeLists.js";

const lastSegment = (path: string): string => path.slice(path.lastIndexOf("::") + 2);

/**
 * A path written inside `depth` inline modules (`mod tests { … }`), whose items the extractor
 * keeps in the file's own scope: each leading `super` climbs out of one of them, so it names
 * this file's module (`self`) rather than the file's parent.
 */
export const rebaseSuper = (path: string, depth: number): string => {
  if (depth === 0) return path;
  const segments = path.split("::");
  let i = 0;
  while (i < depth && segments[i]?.trim() === "super") i++;
  if (i === 0) return path;
  const rest = segments.slice(i);
  if (rest.length > 0 && rest[0]!.trim() === "super") return rest.join("::");
  return ["self", ...rest].join("::");
};

/** `a::b::{C, D as E}` → one import per module path, names with aliases; `*` for globs. */
export const useImports = (tree: string): { specifier: string; names: ImportedName[] }[] => {
  const bySpecifier = new Map<string, ImportedName[]>();
  const add = (specifier: string, name: ImportedName): void => {
    let names = bySpecifier.get(specifier);
    if (names === undefined) bySpecifier.set(specifier, (names = []));
    names.push(name);
  };
  const work: { prefix: string; text: string }[] = [{ prefix: "", text: tree }];
  while (work.length > 0) {
    const { prefix, text } = work.pop()!;
    const open = text.indexOf("{");
    if (open !== -1) {
      const close = text.lastIndexOf("}");
      const head = text.slice(0, open).replace(/\s+/g, "").replace(/::$/, "");
      const inner = text.slice(open + 1, close === -1 ? text.length : close);
      const base = head.length > 0 ? (prefix.length > 0 ? `${prefix}::${head}` : head) : prefix;
      const parts = splitTopLevel(inner, ",");
      for (let i = parts.length - 1; i >= 0; i--) {
        const part = parts[i]!.part.trim();
        if (part.length > 0) work.push({ prefix: base, text: part });
      }
      continue;
    }
    const m = /^(.*?)(?:\s+as\s+([\p{L}_][\p{L}\p{N}_]*))?\s*$/su.exec(text.trim());
    const path = (m?.[1] ?? text).replace(/\s+/g, "");
    const alias = m?.[2] ?? null;
    const full = prefix.length > 0 ? (path.length > 0 ? `${prefix}::${path}` : prefix) : path;
    const cut = full.lastIndexOf("::");
    const last = cut === -1 ? full : full.slice(cut + 2);
    const module = cut === -1 ? "" : full.slice(0, cut);
    // `a::b::{self}` and `use a;` bind the module itself under its last segment (not a glob).
    if (last === "*") add(module, { name: "*", alias: null });
    else if (last === "self") add(module, { name: "*", alias: alias ?? lastSegment(module) });
    else if (module.length === 0) add(full, { name: "*", alias: alias ?? full });
    else add(module, { name: last, alias: alias !== null && alias !== last ? alias : null });
  }
  return [...bySpecifier].map(([specifier, names]) => ({ specifier, names }));
};
