import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FileParsed } from "../../../../src/events/index.js";
import type { GraphEdge, Resolver } from "../../../../src/projections/graph/model.js";
import { createResolver } from "../../../../src/projections/graph/resolve/index.js";
import { detectLanguage } from "../../../../src/parse/languages.js";
import { parseSource } from "../../../../src/parse/parseSource.js";

export const FIXTURES = join(import.meta.dirname, "../../../../fixtures/resolve");

/** Parses `text` as `path` with the real extractors; throws when the parser refuses. */
export const parse = (path: string, text: string): FileParsed => {
  const result = parseSource({ path, text, contentHash: `${path}:${text.length}` });
  if (!result.ok) throw new Error(result.reason);
  return result.result;
};

/** Every parsable file of `fixtures/resolve/<name>`, keyed by its path inside the fixture. */
export const loadFixture = (name: string): Map<string, string> => {
  const root = join(FIXTURES, name);
  const out = new Map<string, string>();
  const walk = (dir: string, rel: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(join(dir, entry.name), path);
      else if (detectLanguage(path) !== null) out.set(path, readFileSync(join(dir, entry.name), "utf8"));
    }
  };
  walk(root, "");
  return out;
};

export const resolverFor = (sources: ReadonlyMap<string, string>): Resolver => {
  const resolver = createResolver();
  for (const [path, text] of sources) resolver.upsert(parse(path, text));
  return resolver;
};

/** Edges of every file as `KIND from -> to` lines, sorted (the node prefixes dropped for reading). */
export const edgeLines = (resolver: Resolver, kind?: GraphEdge["kind"]): string[] => {
  const out: string[] = [];
  for (const path of resolver.files()) {
    for (const e of resolver.resolve(path).edges) {
      if (kind === undefined || e.kind === kind) out.push(`${e.kind} ${e.from.slice(2)} -> ${e.to.slice(2)}`);
    }
  }
  return out.sort();
};
