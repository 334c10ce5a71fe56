import type { ExtractedSymbol, FileParsed } from "../../src/events/index.js";
import type { ScipDocument } from "./readScip.js";

export type Family = "ts" | "python";

/** Pairs as `caller -> callee` (`path#symbolId`) and `importer -> imported` (paths). */
export interface GroundTruth {
  readonly calls: Set<string>;
  /** Calls whose callee SCIP defines but our extractor has no symbol for (a local, a field, an interface member). */
  readonly unrepresentable: Set<string>;
  readonly imports: Set<string>;
  /** `caller\u0000name` for call sites SCIP itself left unresolved (a `local` with no definition): no verdict there. */
  readonly unjudged: Set<string>;
}

const contains = (s: ExtractedSymbol, line: number, col: number): boolean =>
  (s.startLine < line || (s.startLine === line && s.startCol <= col)) && (s.endLine > line || (s.endLine === line && s.endCol >= col));

/** The innermost of our symbols enclosing a position (1-based line, 0-based column). */
export const innermostAt = (file: FileParsed, line: number, col: number, accept?: (s: ExtractedSymbol) => boolean): ExtractedSymbol | null => {
  let best: ExtractedSymbol | null = null;
  for (const s of file.symbols) {
    if (!contains(s, line, col) || (accept !== undefined && !accept(s))) continue;
    if (best === null || contains(best, s.startLine, s.startCol)) best = s;
  }
  return best;
};

/** True when the text after a reference makes it a call (`f(`, `f<T>(`, `f?.(`) or `new F`. */
const isCallSite = (family: Family, lines: readonly string[], line: number, col: number, endCol: number): boolean => {
  const text = lines[line] ?? "";
  const after = text.slice(endCol);
  if (family === "python") return /^\s*\(/.test(after);
  if (/^\s*(\?\.)?\s*(\?\.)?\(/.test(after)) return true;
  // `f<A, { b: string }, (k: K) => V>(x)`: type arguments up to their matching `>`, then the call.
  const open = /^\s*(\?\.)?\s*</.exec(after);
  if (open !== null) {
    let depth = 0;
    for (let i = open[0].length - 1; i < after.length; i++) {
      const c = after.charAt(i);
      if (c === "<") depth++;
      else if (c === ">" && after.charAt(i - 1) !== "=" && --depth === 0) return /^\s*(\?\.)?\(/.test(after.slice(i + 1));
    }
  }
  return /\bnew\s+(?:[\w$]+\.)*$/.test(text.slice(0, col));
};

/**
 * A module reference that is an import: in TS the specifier string itself (a namespace
 * re-exported under a name is a reference to the module too, but not an import of it).
 */
const isImportSite = (family: Family, lines: readonly string[], o: { line: number; col: number }): boolean => {
  if (family !== "ts") return true;
  const c = (lines[o.line] ?? "").charAt(o.col);
  return c === '"' || c === "'" || c === "`";
};

/**
 * scip-typescript defines the name of `export { local as name }` at the alias: what the alias
 * denotes is the module-level `local`, the symbol of ours a call through the alias reaches.
 */
const exportedAs = (file: FileParsed, family: Family, line: string, col: number): ExtractedSymbol | null => {
  if (family !== "ts") return null;
  const m = /([A-Za-z_$][\w$]*)\s+as\s+$/.exec(line.slice(0, col));
  if (m === null) return null;
  return file.symbols.find((s) => s.parent === null && s.name === m[1] && s.kind !== "Test") ?? null;
};

/**
 * Ground truth from a SCIP index: a reference at a call site inside one of our symbols, to
 * a definition SCIP found in the repository, is a CALLS pair (callee mapped to the symbol of
 * ours with that name enclosing SCIP's definition); a reference to another file's module
 * symbol is an IMPORTS pair. Callers are located with our own symbol ranges on purpose: the
 * measurement is about resolving names, not about which constructs count as functions.
 */
export const groundTruth = (
  family: Family,
  docs: readonly ScipDocument[],
  parsed: ReadonlyMap<string, FileParsed>,
  sources: ReadonlyMap<string, readonly string[]>,
): GroundTruth => {
  // Locals (`local N`) are per document; a symbol may have several definitions (overloads,
  // re-export sites), of which the first that is one of our symbols counts.
  type Def = { path: string; line: number; col: number; endCol: number };
  const defs = new Map<string, Def[]>();
  const modules = new Map<string, string>();
  const keyOf = (path: string, symbol: string): string => (symbol.startsWith("local ") ? `${path}\u0000${symbol}` : symbol);
  for (const doc of docs) {
    for (const o of doc.occurrences) {
      if (!o.definition) continue;
      if (o.line === 0 && o.col === 0 && o.endCol === 0 && (o.symbol.endsWith("/") || o.symbol.endsWith("__init__:"))) {
        modules.set(o.symbol, doc.path);
        continue;
      }
      const key = keyOf(doc.path, o.symbol);
      const list = defs.get(key) ?? [];
      list.push({ path: doc.path, line: o.line, col: o.col, endCol: o.endCol });
      defs.set(key, list);
    }
  }
  // scip-python names a relative import's module without its package (`utils.x` for
  // `.utils.x`), a symbol nothing defines; the dotted name rebuilt from the file's package finds it.
  const pythonModules = new Map<string, string>();
  const moduleNameOf = new Map<string, string>();
  for (const [symbol, path] of modules) {
    const m = /\s`?([^\s`]+)`?\/__init__:$/.exec(symbol);
    if (m === null) continue;
    pythonModules.set(m[1]!, path);
    moduleNameOf.set(path, m[1]!);
  }
  const relativeModule = (docPath: string, text: string): string | undefined => {
    const dots = /^\.+/.exec(text)?.[0].length ?? 0;
    const own = moduleNameOf.get(docPath);
    if (dots === 0 || own === undefined) return undefined;
    const parts = own.split(".");
    const pkg = /(^|\/)__init__\.pyi?$/.test(docPath) ? parts : parts.slice(0, -1);
    const base = pkg.slice(0, pkg.length - (dots - 1));
    const rest = text.slice(dots);
    return pythonModules.get([...base, ...(rest === "" ? [] : rest.split("."))].join("."));
  };
  /** `.mod` as written, or `.pkg.name` for a submodule named in `from .pkg import name`. */
  const relativeText = (line: string, col: number, endCol: number): string => {
    const text = line.slice(col, endCol);
    if (text.startsWith(".")) return text;
    const from = /^\s*from\s+(\.+)([\w.]*)\s+import\b/.exec(line);
    if (from === null || col < from[0].length) return text;
    return `${from[1]}${from[2]}${from[2] === "" ? "" : "."}${text}`;
  };
  const calleeMemo = new Map<string, string | null>();
  const calleeOf = (key: string): string | null => {
    const memo = calleeMemo.get(key);
    if (memo !== undefined) return memo;
    // SCIP gives `X#` (type) and `X.` (value) the same ranges; `interface X` and `const X`
    // are two symbols of ours, so the descriptor's suffix picks the one of its kind.
    const wantsType = key.endsWith("#");
    let found: string | null = null;
    let fallback: string | null = null;
    for (const def of defs.get(key) ?? []) {
      const file = parsed.get(def.path);
      const name = (sources.get(def.path)?.[def.line] ?? "").slice(def.col, def.endCol);
      const symbol = file !== undefined ? innermostAt(file, def.line + 1, def.col, (s) => s.name === name && s.kind !== "Test") ?? exportedAs(file, family, sources.get(def.path)?.[def.line] ?? "", def.col) : null;
      if (symbol === null) continue;
      const typeKind = symbol.kind === "Interface" || symbol.kind === "Type";
      if (typeKind === wantsType || symbol.kind === "Class") {
        found = `${def.path}#${symbol.id}`;
        break;
      }
      fallback ??= `${def.path}#${symbol.id}`;
    }
    found ??= fallback;
    calleeMemo.set(key, found);
    return found;
  };

  const calls = new Set<string>();
  const unrepresentable = new Set<string>();
  const imports = new Set<string>();
  const unjudged = new Set<string>();
  for (const doc of docs) {
    const file = parsed.get(doc.path);
    const lines = sources.get(doc.path);
    if (file === undefined || lines === undefined) continue;
    // A call site's range can carry a type symbol beside the value one (`interface X` merged
    // with `function X`); the call is to the value.
    const valueAt = new Set<string>();
    for (const o of doc.occurrences) if (!o.definition && !o.symbol.endsWith("#")) valueAt.add(`${o.line}:${o.col}`);
    for (const o of doc.occurrences) {
      if (o.definition) continue;
      if (o.symbol.endsWith("#") && valueAt.has(`${o.line}:${o.col}`) && !o.symbol.endsWith("/__init__:")) continue;
      const module =
        modules.get(o.symbol) ??
        (family === "python" && o.symbol.endsWith("__init__:") ? relativeModule(doc.path, relativeText(lines[o.line] ?? "", o.col, o.endCol)) : undefined);
      if (module !== undefined) {
        if (module !== doc.path && isImportSite(family, lines, o)) imports.add(`${doc.path} -> ${module}`);
        continue;
      }
      const key = keyOf(doc.path, o.symbol);
      if (!defs.has(key)) {
        if (o.symbol.startsWith("local ") && isCallSite(family, lines, o.line, o.col, o.endCol)) {
          const caller = innermostAt(file, o.line + 1, o.col);
          if (caller !== null) unjudged.add(`${doc.path}#${caller.id}\u0000${(lines[o.line] ?? "").slice(o.col, o.endCol)}`);
        }
        continue;
      }
      if (!isCallSite(family, lines, o.line, o.col, o.endCol)) continue;
      const caller = innermostAt(file, o.line + 1, o.col);
      if (caller === null) continue;
      const callerKey = `${doc.path}#${caller.id}`;
      const callee = calleeOf(key);
      if (callee === null) unrepresentable.add(`${callerKey} -> ${o.symbol}`);
      // A function calling itself counts: the graph keeps recursion as a CALLS edge to itself.
      else calls.add(`${callerKey} -> ${callee}`);
    }
  }
  return { calls, unrepresentable, imports, unjudged };
};
