import { splitTopLevel } from "./typeLists.js";

// Collections whose iteration yields their first type argument.
const TS_GENERIC = /^(?:Array|ReadonlyArray|Set|ReadonlySet|Iterable|IterableIterator|AsyncIterable|AsyncIterableIterator|Generator|AsyncGenerator)\s*<(.+)>$/s;
const PY_GENERIC =
  /^(?:typing\.|collections\.abc\.)?(?:list|List|set|Set|frozenset|FrozenSet|Sequence|MutableSequence|Iterable|Iterator|Collection|AbstractSet|MutableSet|deque|Deque|Generator|AsyncIterator|AsyncIterable|AsyncGenerator|tuple|Tuple)\[(.+)\]$/s;
const NOTHING = /^(?:None|null|undefined)$/;

/**
 * The type of what iterating a value of the annotated type yields: `Item` for `Item[]`,
 * `readonly Item[]`, `Array<Item>`, `list[Item]`, `Sequence[Item]`, `tuple[Item, ...]`,
 * `Optional[list[Item]]`, `Item[] | undefined`; null for anything else (maps iterate keys or
 * entries, unions of several collections are ambiguous).
 */
export const elementTypeOf = (annotation: string): string | null => {
  let text = annotation.trim();
  const optional = /^(?:typing\.)?Optional\[(.+)\]$/s.exec(text);
  if (optional !== null) text = optional[1]!.trim();
  const parts = splitTopLevel(text, "|").map((p) => p.part.trim()).filter((p) => !NOTHING.test(p));
  if (parts.length !== 1) return null;
  text = parts[0]!.replace(/^readonly\s+/, "");
  if (text.endsWith("[]")) return single(text.slice(0, -2));
  const generic = TS_GENERIC.exec(text) ?? PY_GENERIC.exec(text);
  if (generic === null) return null;
  const args = splitTopLevel(generic[1]!, ",").map((a) => a.part.trim());
  // `tuple[T, ...]` is homogeneous; `tuple[A, B]` is not one element type.
  if (/^(?:tuple|Tuple)\[/.test(text) && !(args.length === 2 && args[1] === "...")) return null;
  return single(args[0] ?? "");
};

const single = (type: string): string | null => {
  const t = type.trim().replace(/^\((.*)\)$/s, "$1").trim();
  return t.length > 0 && /^[\p{L}_$][\p{L}\p{N}_$.]*(?:\s*[<[].*[>\]])?$/su.test(t) ? t : null;
};
