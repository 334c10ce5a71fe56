import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FileParsed } from "../../src/events/index.js";
import type { FileResolution } from "../../src/projections/graph/model.js";
import { createResolver } from "../../src/projections/graph/resolve/index.js";
import { detectLanguage } from "../../src/parse/languages.js";
import { parseSource } from "../../src/parse/parseSource.js";
import { PARSER_VERSION } from "../../src/parse/version.js";

const SKIP_DIRS = new Set(["node_modules", ".git", "dist", "build", ".venv", "venv", "__pycache__", ".tox", ".mypy_cache"]);

/** Source files (of the given languages) and build manifests under `root`, relative, sorted. */
export const listFiles = (root: string, languages: ReadonlySet<string>): string[] => {
  const out: string[] = [];
  const walk = (dir: string, rel: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relPath = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(join(dir, entry.name), relPath);
      } else if (entry.isFile()) {
        const language = detectLanguage(relPath);
        if (language !== null && (language === "manifest" || languages.has(language))) out.push(relPath);
      }
    }
  };
  walk(root, "");
  return out.sort();
};

export interface IndexedRepo {
  readonly parsed: Map<string, FileParsed>;
  readonly resolutions: Map<string, FileResolution>;
  readonly parseMs: number;
  readonly resolveMs: number;
  readonly failures: string[];
}

/**
 * Parses every file with the real extractors (reusing `cachePath`'s results for unchanged
 * text and parser version), then resolves them all with a fresh resolver.
 */
export const indexRepo = (root: string, files: readonly string[], cachePath: string | null = null): IndexedRepo => {
  const parsed = new Map<string, FileParsed>();
  const failures: string[] = [];
  const cache: Record<string, FileParsed> = cachePath !== null && existsSync(cachePath) ? JSON.parse(readFileSync(cachePath, "utf8")) : {};
  const fresh: Record<string, FileParsed> = {};
  const t0 = performance.now();
  for (const path of files) {
    const text = readFileSync(join(root, path), "utf8");
    const key = `${PARSER_VERSION}:${path}:${createHash("sha1").update(text).digest("hex")}`;
    const hit = cache[key];
    if (hit !== undefined) {
      parsed.set(path, hit);
      fresh[key] = hit;
      continue;
    }
    const result = parseSource({ path, text, contentHash: key, budgetMs: 30_000 });
    if (result.ok) {
      parsed.set(path, result.result);
      fresh[key] = result.result;
    } else failures.push(`${path}: ${result.reason}`);
  }
  if (cachePath !== null) writeFileSync(cachePath, JSON.stringify(fresh));
  const t1 = performance.now();
  const resolver = createResolver();
  for (const file of parsed.values()) resolver.upsert(file);
  const resolutions = new Map<string, FileResolution>();
  for (const path of parsed.keys()) resolutions.set(path, resolver.resolve(path));
  const t2 = performance.now();
  return { parsed, resolutions, parseMs: t1 - t0, resolveMs: t2 - t1, failures };
};
