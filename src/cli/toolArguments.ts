import { shapeInWords, type ShapeNode } from "../mcp/index.js";
import { usageError } from "./errors.js";

type JsonSchema = ShapeNode & { readonly type?: string; readonly items?: JsonSchema; readonly properties?: Record<string, JsonSchema> };

const flagName = (arg: string) => arg.slice(2).replace(/-/g, "_");

const convert = (name: string, raw: string, schema: JsonSchema): unknown => {
  switch (schema.type) {
    case "integer":
    case "number": {
      const n = Number(raw);
      if (raw.trim() === "" || !Number.isFinite(n)) throw usageError(`--${name} must be ${shapeInWords(schema) ?? "a number"} (got "${raw}")`);
      return n;
    }
    case "boolean":
      if (raw === "true") return true;
      if (raw === "false") return false;
      throw usageError(`--${name} must be true or false (got "${raw}")`);
    default:
      return raw;
  }
};

/**
 * `--name value` pairs (and `--json '{…}'`) as a tool's arguments, converted by its input
 * schema: numbers and booleans parsed, an array field repeated (`--related_to a --related_to b`),
 * a boolean flag alone meaning true. `--json` is read first; flags override its fields. Names may
 * be written with dashes (`--max-tokens`). Unknown names are left to the tool's validation, which
 * lists the accepted ones.
 */
export const parseToolArguments = (argv: ReadonlyArray<string>, schema: JsonSchema): Record<string, unknown> => {
  const props = schema.properties ?? {};
  let out: Record<string, unknown> = {};
  const flags: Array<[string, string | null]> = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--") || arg === "--") throw usageError(`unexpected argument "${arg}": pass tool arguments as --name value`);
    const eq = arg.indexOf("=");
    const name = flagName(eq > 0 ? arg.slice(0, eq) : arg);
    if (eq > 0) flags.push([name, arg.slice(eq + 1)]);
    else {
      const next = argv[i + 1];
      const isBoolean = props[name]?.type === "boolean";
      if (next === undefined || (next.startsWith("--") && next.length > 2) || (isBoolean && next !== "true" && next !== "false")) {
        if (!isBoolean && name !== "json") throw usageError(`--${name} needs a value`);
        flags.push([name, null]);
      } else {
        flags.push([name, next]);
        i++;
      }
    }
  }
  for (const [name, value] of flags) {
    if (name !== "json") continue;
    if (value === null) throw usageError("--json needs an object, e.g. --json '{\"symbol\": \"main\"}'");
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw usageError(`--json is not valid JSON: ${value.slice(0, 60)}`);
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw usageError("--json takes a JSON object of the tool's arguments");
    out = { ...out, ...(parsed as Record<string, unknown>) };
  }
  const repeated = new Set<string>();
  for (const [name, value] of flags) {
    if (name === "json") continue;
    const prop = props[name] ?? {};
    if (value === null) {
      out[name] = true;
    } else if (prop.type === "array") {
      // The first flag replaces what --json gave; the next ones add to it.
      const previous = repeated.has(name) ? (out[name] as unknown[]) : [];
      out[name] = [...previous, convert(name, value, prop.items ?? {})];
      repeated.add(name);
    } else out[name] = convert(name, value, prop);
  }
  return out;
};
