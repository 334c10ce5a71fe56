/**
 * Edits of a JSON file's text that leave every byte they do not touch alone: the user's
 * formatting, key order and spacing survive, and removing what `appendElement` or
 * `appendMember` inserted gives back the text as it was. (Parsing, changing and re-serialising
 * would rewrite the whole file in our style.) Only for valid JSON: callers check with JSON.parse.
 */

export type JsonNode =
  | { readonly kind: "object"; readonly start: number; readonly end: number; readonly members: ReadonlyArray<JsonMember> }
  | { readonly kind: "array"; readonly start: number; readonly end: number; readonly items: ReadonlyArray<JsonNode> }
  | { readonly kind: "scalar"; readonly start: number; readonly end: number };

export interface JsonMember {
  readonly key: string;
  /** Where the key's opening quote is. */
  readonly start: number;
  readonly value: JsonNode;
}

/** Every value with where it starts and ends (`end` is one past its last character). */
export const parseJsonSpans = (text: string): JsonNode => {
  let i = 0;
  const skip = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const stringEnd = (from: number): number => {
    let j = from + 1;
    while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
    return j + 1;
  };
  const value = (): JsonNode => {
    skip();
    const start = i;
    const c = text[i];
    if (c === "{") {
      i++;
      const members: JsonMember[] = [];
      skip();
      while (text[i] !== "}") {
        const keyStart = i;
        i = stringEnd(i);
        const key = JSON.parse(text.slice(keyStart, i)) as string;
        skip();
        i++; // :
        members.push({ key, start: keyStart, value: value() });
        skip();
        if (text[i] === ",") i++;
        skip();
      }
      i++;
      return { kind: "object", start, end: i, members };
    }
    if (c === "[") {
      i++;
      const items: JsonNode[] = [];
      skip();
      while (text[i] !== "]") {
        items.push(value());
        skip();
        if (text[i] === ",") i++;
        skip();
      }
      i++;
      return { kind: "array", start, end: i, items };
    }
    if (c === '"') i = stringEnd(i);
    else while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
    return { kind: "scalar", start, end: i };
  };
  return value();
};

/** The indentation of the line `at` stands on. */
const lineIndent = (text: string, at: number): string => {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
};

/** One level of indentation as the file writes it (two spaces when it never indents). */
export const indentUnit = (text: string): string => /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";

const splice = (text: string, from: number, to: number, insert: string): string => text.slice(0, from) + insert + text.slice(to);

/** `value` as text starting at an indentation of `indent`, in the file's style. */
const render = (value: unknown, indent: string, unit: string, compact: boolean): string =>
  compact ? JSON.stringify(value) : JSON.stringify(value, null, unit).replace(/\n/g, `\n${indent}`);

/**
 * Inserts `fragment(indent, compact)` as the last entry of the container at `open..close`,
 * laid out like its other entries: on their own lines at their indentation, or on one line when
 * the container is written on one line.
 */
const appendEntry = (text: string, container: { start: number; end: number }, lastEnd: number | null, firstStart: number | null, fragment: (indent: string, compact: boolean) => string): string => {
  const unit = indentUnit(text);
  const close = container.end - 1;
  if (lastEnd === null) {
    // Empty: multi-line files get the entry on its own line.
    const compact = !text.includes("\n");
    const outer = lineIndent(text, container.start);
    const inner = compact ? "" : outer + unit;
    return splice(text, container.start + 1, close, compact ? fragment("", true) : `\n${inner}${fragment(inner, false)}\n${outer}`);
  }
  const compact = !text.slice(container.start, firstStart!).includes("\n");
  const indent = compact ? "" : lineIndent(text, firstStart!);
  return splice(text, lastEnd, lastEnd, compact ? `, ${fragment("", true)}` : `,\n${indent}${fragment(indent, false)}`);
};

/** Adds `value` at the end of an array. */
export const appendElement = (text: string, array: Extract<JsonNode, { kind: "array" }>, value: unknown): string =>
  appendEntry(text, array, array.items.at(-1)?.end ?? null, array.items[0]?.start ?? null, (indent, compact) => render(value, indent, indentUnit(text), compact));

/** Adds `"key": value` at the end of an object. */
export const appendMember = (text: string, object: Extract<JsonNode, { kind: "object" }>, key: string, value: unknown): string =>
  appendEntry(text, object, object.members.at(-1)?.value.end ?? null, object.members[0]?.start ?? null, (indent, compact) => `${JSON.stringify(key)}:${compact ? "" : " "}${render(value, indent, indentUnit(text), compact)}`);

/**
 * Removes entry `index` of a container whose entries span `spans`: a later entry takes the text
 * from the end of the one before it (its comma and line break), the first one the text up to
 * the next, an only one everything between the brackets. The inverse of an append.
 */
const removeEntry = (text: string, container: { start: number; end: number }, spans: ReadonlyArray<{ start: number; end: number }>, index: number): string => {
  if (spans.length === 1) return splice(text, container.start + 1, container.end - 1, "");
  if (index > 0) return splice(text, spans[index - 1]!.end, spans[index]!.end, "");
  return splice(text, spans[0]!.start, spans[1]!.start, "");
};

export const removeElement = (text: string, array: Extract<JsonNode, { kind: "array" }>, index: number): string => removeEntry(text, array, array.items, index);

export const removeMember = (text: string, object: Extract<JsonNode, { kind: "object" }>, index: number): string =>
  removeEntry(text, object, object.members.map((m) => ({ start: m.start, end: m.value.end })), index);

export const member = (node: JsonNode, key: string): { readonly index: number; readonly value: JsonNode } | null => {
  if (node.kind !== "object") return null;
  const index = node.members.findIndex((m) => m.key === key);
  return index === -1 ? null : { index, value: node.members[index]!.value };
};
