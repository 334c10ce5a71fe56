/**
 * Summaries: a few fields of a large payload, stored beside it (table `event_summaries`) when
 * it is appended, so a reader that needs only those (the catalog replay, `nemesis log`) never
 * reads or parses the payload. A FileParsed is ~4 KB of JSON; its summary is ~150 bytes.
 *
 * A field is a spec: `$.name` for a top-level value, `length:$.name` for an array's length.
 * Summaries are computed from the payload as written (before any upcast), exactly like SQLite's
 * json_extract over the stored payload, which is what a reader falls back to for events that
 * have none (logs written before summaries existed, or by an older build).
 *
 * No schema library here: `nemesis log` imports this and must start fast.
 */
export const SUMMARY_FIELDS: Readonly<Record<string, ReadonlyArray<string>>> = {
  FileParsed: ["$.path", "$.contentHash", "$.language", "$.parserVersion", "$.hasErrors", "length:$.symbols", "length:$.chunks"],
};

const SPEC = /^(length:)?\$((?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*)$/;
const TOP_LEVEL = /^(length:)?\$\.([A-Za-z_][A-Za-z0-9_]*)$/;

/** Throws on a spec that is not a simple JSON path: specs are written by our own code. */
export const checkSpec = (type: string, spec: string): void => {
  if (!SPEC.test(spec)) throw new Error(`summary path ${spec} for ${type} is not a simple JSON path like $.path`);
};

interface Getter {
  readonly spec: string;
  readonly field: string;
  readonly length: boolean;
}

const getters = new Map<string, ReadonlyArray<Getter>>();
for (const [type, specs] of Object.entries(SUMMARY_FIELDS)) {
  getters.set(
    type,
    specs.map((spec) => {
      const m = TOP_LEVEL.exec(spec);
      if (!m) throw new Error(`stored summary field ${spec} of ${type} must be $.name or length:$.name`);
      return { spec, field: m[2]!, length: m[1] !== undefined };
    }),
  );
}

/** The summary JSON to store for a payload of `type`, or undefined when the type has none. */
export const summarize = (type: string, data: unknown): string | undefined => {
  const fields = getters.get(type);
  if (fields === undefined || data === null || typeof data !== "object") return undefined;
  const d = data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const g of fields) {
    const v = d[g.field];
    out[g.spec] = g.length ? (Array.isArray(v) ? v.length : null) : v === undefined ? null : v;
  }
  return JSON.stringify(out);
};

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** SQL that computes one spec from the stored payload column `column`. */
export const specSql = (spec: string, column = "data"): string => {
  const length = spec.startsWith("length:");
  const path = length ? spec.slice("length:".length) : spec;
  // `->` keeps JSON types (true stays true; json_extract would give 1), as the stored summaries do.
  return length ? `json_array_length(${column}, ${quote(path)})` : `(${column} -> ${quote(path)})`;
};

/** SQL computing the stored summary of a payload: the backfill of logs written before summaries. */
export const summarySql = (type: string, column = "data"): string => {
  const specs = SUMMARY_FIELDS[type] ?? [];
  return `json_object(${specs.map((s) => `${quote(s)}, ${specSql(s, column)}`).join(", ")})`;
};

/** True when every spec a reader wants for `type` is in its stored summary. */
export const storedCovers = (type: string, specs: ReadonlyArray<string>): boolean => {
  const stored = SUMMARY_FIELDS[type];
  return stored !== undefined && specs.every((s) => stored.includes(s));
};
