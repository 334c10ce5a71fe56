import { InvalidInput } from "./errors.js";

/** Longest text accepted when the caller passes no limit (config: memory.max_rule_chars). */
export const DEFAULT_MAX_CHARS = 4_000;
const MAX_REF_CHARS = 500;
const MAX_SCOPE_CHARS = 500;
const MAX_ID_CHARS = 100;

const fmt = (n: number) => n.toLocaleString("en-US");

/** Trimmed, non-empty text of at most `max` characters. */
export const requireText = (field: string, value: unknown, max: number): string | InvalidInput => {
  if (typeof value !== "string") return new InvalidInput({ field, reason: "must be text" });
  const text = value.trim();
  if (text.length === 0) return new InvalidInput({ field, reason: "is empty: write the text to store" });
  if (text.length > max) {
    return new InvalidInput({
        field,
        reason: `is ${fmt(text.length)} characters, over the limit of ${fmt(max)} (memory.max_rule_chars in .nemesis/config.toml): shorten it or split it`,
      });
  }
  return text;
};

/** Optional text: missing or blank becomes `fallback`. */
export const optionalText = (
  field: string,
  value: unknown,
  max: number,
  fallback: string,
): string | InvalidInput =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "")
    ? fallback
    : requireText(field, value, max);

/** A scope is a glob or an area name on one line; missing means everywhere (`*`). */
export const validScope = (value: unknown): string | InvalidInput => {
  const scope = optionalText("scope", value, MAX_SCOPE_CHARS, "*");
  if (scope instanceof InvalidInput || !/[\r\n]/.test(scope)) return scope;
  return new InvalidInput({ field: "scope", reason: "must be one line (a glob such as src/api/** or an area name)" });
};

/** File paths or symbol names, each on one line; blanks dropped, duplicates removed, order kept. */
export const validRelatedTo = (value: unknown): string[] | InvalidInput => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return new InvalidInput({ field: "relatedTo", reason: "must be a list of file paths or symbol names" });
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== "string") return new InvalidInput({ field: "relatedTo", reason: "must be a list of file paths or symbol names" });
    const ref = item.trim();
    if (ref === "") continue;
    if (/[\r\n]/.test(ref) || ref.length > MAX_REF_CHARS) {
      return new InvalidInput({ field: "relatedTo", reason: `entry "${ref.slice(0, 40)}" is not a file path or symbol name (one line, at most ${MAX_REF_CHARS} characters)` });
    }
    if (!out.includes(ref)) out.push(ref);
  }
  return out;
};

/** Ids are printed by the commands (`rule-3f9a2c1b`); anything with spaces or slashes is a typo. */
export const validId = (field: string, value: unknown): string | InvalidInput => {
  if (typeof value !== "string" || value.trim() === "") {
    return new InvalidInput({ field, reason: "is missing: pass the id shown by the list command" });
  }
  const id = value.trim();
  if (id.length > MAX_ID_CHARS || !/^[A-Za-z0-9_.-]+$/.test(id)) {
    return new InvalidInput({ field, reason: `must look like rule-3f9a2c1b, dec-3f9a2c1b or conv-3f9a2c1b, not "${id.slice(0, 40)}"` });
  }
  return id;
};

/** The form in which two texts count as the same: case, whitespace and trailing punctuation ignored. */
export const normaliseForComparison = (text: string): string =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!;,\s]+$/, "");
