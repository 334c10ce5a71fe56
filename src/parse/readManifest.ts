import { parse as parseToml } from "smol-toml";
import type { Manifest } from "../events/index.js";
import type { ManifestKind } from "./languages.js";

export type ManifestOutcome = { readonly ok: true; readonly manifest: Manifest } | { readonly ok: false; readonly reason: string };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** JSON with comments and trailing commas (tsconfig.json is read this way by tsc). */
export const parseJsonc = (text: string): unknown => {
  let out = "";
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < n && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close === -1 ? n : close + 2;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, "$1"));
};

const empty = (kind: Manifest["kind"]): Manifest => ({ kind, name: null, baseUrl: null, paths: {}, extends: null });

const readTsconfig = (text: string): Manifest => {
  const json = parseJsonc(text);
  const manifest = empty("tsconfig");
  if (!isObject(json)) return manifest;
  const options = isObject(json.compilerOptions) ? json.compilerOptions : {};
  const paths: Record<string, string[]> = {};
  if (isObject(options.paths)) {
    for (const [pattern, targets] of Object.entries(options.paths)) {
      if (Array.isArray(targets)) paths[pattern] = targets.filter((t): t is string => typeof t === "string");
    }
  }
  // tsc 5 accepts an array of bases; the first is the one most setups rely on for paths.
  const base = Array.isArray(json.extends) ? str(json.extends[0]) : str(json.extends);
  return { ...manifest, baseUrl: str(options.baseUrl), paths, extends: base };
};

/** Every target string under an `exports` value, in the order written (conditions flattened). */
const exportTargets = (value: Json, into: string[]): void => {
  if (typeof value === "string") {
    if (!into.includes(value)) into.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) exportTargets(v, into);
  } else if (isObject(value)) {
    for (const v of Object.values(value)) exportTargets(v, into);
  }
};

const readPackageJson = (text: string): Manifest => {
  const json = JSON.parse(text) as unknown;
  const manifest = empty("package");
  if (!isObject(json)) return manifest;
  const paths: Record<string, string[]> = {};
  const exports = json.exports;
  if (exports !== undefined && exports !== null) {
    const subpaths = isObject(exports) && Object.keys(exports).some((k) => k.startsWith("."));
    if (subpaths) {
      for (const [subpath, value] of Object.entries(exports as Record<string, Json>)) {
        const targets: string[] = [];
        exportTargets(value, targets);
        paths[subpath] = targets;
      }
    } else {
      const targets: string[] = [];
      exportTargets(exports, targets);
      paths["."] = targets;
    }
  } else {
    const targets = [json.main, json.module, json.types, json.typings].map(str).filter((t): t is string => t !== null);
    if (targets.length > 0) paths["."] = [...new Set(targets)];
  }
  return { ...manifest, name: str(json.name), paths };
};

const readGoMod = (text: string): Manifest => {
  const m = /^\s*module\s+("?)([^\s"]+)\1\s*$/m.exec(text);
  return { ...empty("gomod"), name: m !== null ? m[2]! : null };
};

const tomlName = (text: string, tables: readonly string[][]): string | null => {
  const doc = parseToml(text) as Record<string, unknown>;
  for (const path of tables) {
    let cur: unknown = doc;
    for (const key of path) cur = isObject(cur) ? (cur as Record<string, unknown>)[key] : undefined;
    if (isObject(cur) && typeof cur.name === "string") return cur.name;
  }
  return null;
};

const readSetupCfg = (text: string): string | null => {
  let section = "";
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const header = /^\[(.+)\]$/.exec(line);
    if (header !== null) section = header[1]!.trim();
    else if (section === "metadata") {
      const m = /^name\s*[=:]\s*(.+)$/.exec(line);
      if (m !== null) return m[1]!.trim();
    }
  }
  return null;
};

/** composer.json: its name, and its PSR-4 autoload prefixes (`App\\` → `src/`) as `paths`, the dev ones too. */
const readComposer = (text: string): Manifest => {
  const json = JSON.parse(text) as unknown;
  const manifest = empty("composer");
  if (!isObject(json)) return manifest;
  const paths: Record<string, string[]> = {};
  for (const section of ["autoload", "autoload-dev"]) {
    const autoload = json[section];
    const psr4 = isObject(autoload) ? autoload["psr-4"] : undefined;
    if (!isObject(psr4)) continue;
    for (const [prefix, dirs] of Object.entries(psr4)) {
      const list = (Array.isArray(dirs) ? dirs : [dirs]).map(str).filter((d): d is string => d !== null);
      paths[prefix] = [...(paths[prefix] ?? []), ...list];
    }
  }
  return { ...manifest, name: str(json.name), paths };
};

/** Reads the fields the import resolver needs from one manifest file. */
export const readManifest = (kind: ManifestKind, path: string, text: string): ManifestOutcome => {
  try {
    switch (kind) {
      case "tsconfig":
        return { ok: true, manifest: readTsconfig(text) };
      case "package":
        return { ok: true, manifest: readPackageJson(text) };
      case "gomod":
        return { ok: true, manifest: readGoMod(text) };
      case "composer":
        return { ok: true, manifest: readComposer(text) };
      case "cargo":
        return { ok: true, manifest: { ...empty("cargo"), name: tomlName(text, [["package"], ["workspace", "package"]]) } };
      case "python": {
        const name = path.toLowerCase().endsWith(".cfg") ? readSetupCfg(text) : tomlName(text, [["project"], ["tool", "poetry"]]);
        return { ok: true, manifest: { ...empty("python"), name } };
      }
    }
  } catch (error) {
    return { ok: false, reason: `cannot read ${path} as a ${kind} manifest: ${error instanceof Error ? error.message : String(error)}` };
  }
};
