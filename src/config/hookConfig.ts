import { readFileSync } from "node:fs";
import { parse as parseToml } from "smol-toml";

/**
 * The few settings the file-changed and session-start hooks read. Those hooks must start in
 * tens of milliseconds, and decoding config.toml through its Schema loads the schema library
 * (~150 ms bundled): this reads the same keys with the same defaults by hand.
 * test/config/hookConfig.test.ts holds it to `loadConfig` on every key it reads.
 */
export interface HookConfig {
  /** `[project] name`; empty when unset. */
  readonly name: string;
  /** `[project] languages`: empty means every supported one. */
  readonly languages: ReadonlyArray<string>;
  readonly ignore: ReadonlyArray<string>;
  readonly requireGit: boolean;
  readonly maxFileBytes: number;
  readonly maxLineLength: number;
}

export const HOOK_CONFIG_DEFAULTS: HookConfig = {
  name: "",
  languages: [],
  ignore: [],
  requireGit: true,
  maxFileBytes: 1_000_000,
  maxLineLength: 1_000,
};

export type HookConfigResult = { readonly ok: true; readonly config: HookConfig } | { readonly ok: false; readonly reason: string };

type Table = Record<string, unknown>;

const isTable = (v: unknown): v is Table => typeof v === "object" && v !== null && !Array.isArray(v);

/** Reads `.nemesis/config.toml`; a missing file means all defaults. */
export const loadHookConfig = (path: string): HookConfigResult => {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return { ok: true, config: HOOK_CONFIG_DEFAULTS };
  }
  let raw: unknown;
  try {
    raw = parseToml(text);
  } catch {
    return { ok: false, reason: `${path} is not valid TOML: fix or delete the file (nemesis init writes a fresh one)` };
  }
  const problems: string[] = [];
  const section = (name: string): Table => {
    const v = (raw as Table)[name];
    if (v === undefined) return {};
    if (isTable(v)) return v;
    problems.push(`[${name}] must be a table`);
    return {};
  };
  const project = section("project");
  const index = section("index");
  const strings = (table: Table, key: string, where: string, fallback: ReadonlyArray<string>): ReadonlyArray<string> => {
    const v = table[key];
    if (v === undefined) return fallback;
    if (Array.isArray(v) && v.every((s) => typeof s === "string")) return v as string[];
    problems.push(`${where}.${key} must be a list of strings`);
    return fallback;
  };
  const positive = (key: string, fallback: number): number => {
    const v = index[key];
    if (v === undefined) return fallback;
    if (typeof v === "number" && v > 0) return v;
    problems.push(`index.${key} must be a positive number`);
    return fallback;
  };
  const requireGit = index.require_git;
  if (requireGit !== undefined && typeof requireGit !== "boolean") problems.push("index.require_git must be true or false, without quotes");
  const name = project.name;
  if (name !== undefined && typeof name !== "string") problems.push("project.name must be a string");
  const config: HookConfig = {
    name: typeof name === "string" ? name : HOOK_CONFIG_DEFAULTS.name,
    languages: strings(project, "languages", "project", HOOK_CONFIG_DEFAULTS.languages),
    ignore: strings(index, "ignore", "index", HOOK_CONFIG_DEFAULTS.ignore),
    requireGit: typeof requireGit === "boolean" ? requireGit : HOOK_CONFIG_DEFAULTS.requireGit,
    maxFileBytes: positive("max_file_bytes", HOOK_CONFIG_DEFAULTS.maxFileBytes),
    maxLineLength: positive("max_line_length", HOOK_CONFIG_DEFAULTS.maxLineLength),
  };
  if (problems.length > 0) return { ok: false, reason: `${path}: ${problems.join("; ")}` };
  return { ok: true, config };
};
