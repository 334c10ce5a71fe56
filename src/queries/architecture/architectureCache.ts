import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ArchitectureSummary } from "./ArchitectureSummary.js";

/** Where the engine keeps the last architecture summary it computed. */
export const architectureCachePath = (nemesisDir: string): string => join(nemesisDir, "cache", "architecture.json");

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isList = (v: unknown, item: (x: Record<string, unknown>) => boolean): boolean => Array.isArray(v) && v.every((x) => isObject(x) && item(x));
const str = (x: Record<string, unknown>, ...keys: string[]) => keys.every((k) => typeof x[k] === "string");
const num = (x: Record<string, unknown>, ...keys: string[]) => keys.every((k) => typeof x[k] === "number");

/**
 * The cached summary, or null when there is none, it cannot be read, or it has another layout
 * (a cache is never worth an error: the hook then says nothing about the architecture). Checked
 * by hand, not through a Schema: the session-start hook cannot afford to load the schema library.
 */
export const readArchitectureCache = (path: string): ArchitectureSummary | null => {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
  if (!isObject(raw) || raw.format !== 1 || !num(raw, "graphPosition") || !str(raw, "computedAt")) return null;
  if (!isObject(raw.totals) || !num(raw.totals, "modules", "files", "lines", "entryPoints")) return null;
  if (!isList(raw.modules, (m) => str(m, "name") && num(m, "files", "lines"))) return null;
  if (!isList(raw.keySymbols, (s) => str(s, "name", "kind", "file") && num(s, "line"))) return null;
  if (!isList(raw.dataFlow, (e) => str(e, "from", "to") && num(e, "imports"))) return null;
  if (!isList(raw.entryPoints, (e) => str(e, "kind", "file", "detail") && num(e, "line"))) return null;
  return raw as unknown as ArchitectureSummary;
};
