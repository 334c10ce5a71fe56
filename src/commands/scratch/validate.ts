import type { GraphProperties } from "../../events/index.js";
import { InvalidInput } from "../errors.js";
import { ReadOnlyGraph } from "./errors.js";

/** The read-only view of the code graph takes this name; scratch graphs take any other. */
export const CODE_GRAPH = "code";
export const DEFAULT_GRAPH = "default";
const GRAPH_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
export const MAX_LABEL_CHARS = 500;
const MAX_RELATION_CHARS = 100;
const MAX_TYPE_CHARS = 100;
/** The JSON text of one node's or edge's properties. */
const MAX_PROPERTIES_CHARS = 20_000;

/** A graph name a write may use: a stream name, so one short word, and never the code graph. */
export const writableGraph = (name: string): string | InvalidInput | ReadOnlyGraph => {
  if (name === CODE_GRAPH) return new ReadOnlyGraph({ graph: name });
  if (!GRAPH_NAME.test(name)) {
    return new InvalidInput({ field: "graph", reason: `"${name.slice(0, 70)}" is not a graph name: use letters, digits, "_", "." or "-" (at most 64, starting with a letter or digit)` });
  }
  return name;
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Each check returns the value, or the InvalidInput that says why not. */
export const checkText = (field: string, value: string, max: number): string | InvalidInput => {
  const text = value.trim();
  if (text === "") return new InvalidInput({ field, reason: "is empty" });
  if (text.length > max) return new InvalidInput({ field, reason: `"${text.slice(0, 40)}…" is over ${max} characters` });
  if (/[\r\n]/.test(text)) return new InvalidInput({ field, reason: `"${text.slice(0, 40)}" must be one line` });
  // Control characters and lone surrogates have no faithful form in DOT, GraphML or a terminal.
  if (/[\u0000-\u001f\u007f\uFFFE\uFFFF]/.test(text) || LONE_SURROGATE.test(text)) return new InvalidInput({ field, reason: `"${text.slice(0, 40)}" holds control characters or broken Unicode: use printable text` });
  return text;
};
export const checkLabel = (field: string, value: string) => checkText(field, value, MAX_LABEL_CHARS);
export const checkRelation = (value: string) => checkText("relation", value, MAX_RELATION_CHARS);

export const checkProperties = (field: string, value: GraphProperties | undefined): GraphProperties | InvalidInput => {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) return new InvalidInput({ field, reason: "must be a JSON object" });
  const text = JSON.stringify(value);
  if (text.length > MAX_PROPERTIES_CHARS) return new InvalidInput({ field, reason: `are ${text.length} characters of JSON, over ${MAX_PROPERTIES_CHARS}: keep long texts elsewhere` });
  return JSON.parse(text) as GraphProperties;
};

export const validLabel = (field: string, value: string) => checkText(field, value, MAX_LABEL_CHARS);
export const validType = (value: string | null | undefined): string | null | InvalidInput =>
  value === null || value === undefined || value.trim() === "" ? null : checkText("type", value, MAX_TYPE_CHARS);
