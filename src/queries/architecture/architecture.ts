import type Database from "better-sqlite3";
import type { GraphQueryable } from "../../projections/index.js";
import { closestNames } from "../analysis/closestNames.js";
import { cyclesOf } from "../algorithms/cyclesOf.js";
import { pageRank } from "../algorithms/pageRank.js";
import { isTestNode } from "../graph/graphNodes.js";
import { loadSymbolGraph, withoutTests } from "../graph/loadSymbolGraph.js";
import { byPlace, type EntryPoint } from "./EntryPoint.js";
import { loadFileImports } from "./loadFileImports.js";
import { byWeight, condenseImports, type FlowEdge } from "./moduleFlow.js";
import { moduleOf, pythonPackagesOf } from "./moduleOf.js";
import { scanEntryChunks } from "./scanEntryChunks.js";

export type ArchitectureScope = "project" | "module" | "file";

export interface ArchitectureLimits {
  readonly modules: number;
  readonly files: number;
  readonly keySymbols: number;
  readonly dataFlow: number;
  readonly cycles: number;
  readonly entryPoints: number;
}

export const ARCHITECTURE_LIMITS: ArchitectureLimits = { modules: 30, files: 40, keySymbols: 15, dataFlow: 25, cycles: 10, entryPoints: 20 };

export interface ArchitectureRequest {
  readonly scope: ArchitectureScope;
  /** A module name (scope module) or a project-relative file path (scope file). */
  readonly target: string | null;
  /** Entry points read from manifests (package.json `bin`, `main`, `exports`). */
  readonly manifestEntries: ReadonlyArray<EntryPoint>;
  readonly limits?: ArchitectureLimits;
}

export interface ModuleSize {
  readonly name: string;
  readonly files: number;
  readonly lines: number;
}

export interface KeySymbol {
  readonly name: string;
  readonly kind: string;
  readonly file: string;
  readonly line: number;
  /** PageRank against the average node (1.0 = average), two decimals. */
  readonly score: number;
}

export interface Architecture {
  readonly _tag: "Architecture";
  readonly scope: ArchitectureScope;
  readonly target: string | null;
  readonly modules: ReadonlyArray<ModuleSize>;
  /** The module's files (scope module) or the file itself (scope file), largest first. */
  readonly files: ReadonlyArray<{ readonly path: string; readonly lines: number }>;
  readonly keySymbols: ReadonlyArray<KeySymbol>;
  /** Module to module (project, module), or file to file (file) import links. */
  readonly dataFlow: ReadonlyArray<FlowEdge>;
  readonly cycles: ReadonlyArray<ReadonlyArray<string>>;
  readonly entryPoints: ReadonlyArray<EntryPoint>;
  /** How many of each there were before the caps. */
  readonly totals: {
    readonly modules: number;
    readonly files: number;
    readonly lines: number;
    readonly keySymbols: number;
    readonly dataFlow: number;
    readonly cycles: number;
    readonly entryPoints: number;
  };
}

export interface UnknownTarget {
  readonly _tag: "UnknownTarget";
  readonly scope: "module" | "file";
  readonly target: string;
  readonly candidates: ReadonlyArray<string>;
}

/** The kinds worth naming as key symbols: code a reader starts from, not variables or imports. */
const KEY_KINDS = new Set(["Class", "Interface", "Function", "Method", "Struct", "Trait", "Enum", "Type"]);

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What every architecture answer is computed from, loaded in four graph queries and one chunk
 * scan however many files the project has: files with their modules and sizes, file import
 * links, the key symbols ranked (PageRank over the whole project's symbol graph) and the entry
 * points the graph and the chunk text show. A caller may keep it while the read models stand still.
 */
export interface ArchitectureBase {
  readonly files: ReadonlyMap<string, number>;
  readonly imports: ReadonlyArray<{ readonly source: string; readonly target: string }>;
  readonly moduleOf: (path: string) => string;
  /** Best first, ties by name. */
  readonly keySymbols: ReadonlyArray<KeySymbol>;
  readonly entryPoints: ReadonlyArray<EntryPoint>;
}

export const loadArchitectureBase = async (
  graph: GraphQueryable,
  /** The chunk table, searched for `__main__` blocks and command and route registration; null skips that. */
  chunks: Database.Database | null,
  /** Folders other than the root holding a package.json: each is one module. */
  workspacePackages: ReadonlySet<string>,
): Promise<ArchitectureBase> => {
  const { files, imports } = await loadFileImports(graph);
  const markers = { pythonPackages: pythonPackagesOf(files.keys()), workspacePackages };
  const moduleCache = new Map<string, string>();
  const module = (path: string): string => {
    let m = moduleCache.get(path);
    if (m === undefined) moduleCache.set(path, (m = moduleOf(path, markers)));
    return m;
  };
  // Ranked on the whole project, so a helper used everywhere ranks high in its own module; the
  // tests' calls are left out, or a helper every test calls would rank first.
  const symbolGraph = await loadSymbolGraph(graph);
  const code = withoutTests(symbolGraph);
  const ranks = pageRank(code.symbols.map((s) => s.id), code.edges);
  const nodes = ranks.scores.size;
  const keySymbols = code.symbols
    .filter((s) => KEY_KINDS.has(s.kind))
    .map((s) => ({ name: s.name, kind: s.kind, file: s.file!, line: s.line, score: Math.round((ranks.scores.get(s.id) ?? 0) * nodes * 100) / 100 }))
    .sort((a, b) => b.score - a.score || byText(a.name, b.name) || byText(a.file, b.file) || a.line - b.line);
  const mains: EntryPoint[] = symbolGraph.symbols
    .filter((s) => s.kind === "Function" && s.name === "main" && !isTestNode(s))
    .map((s) => (s.file!.endsWith(".go") ? { kind: "go-main", file: s.file!, line: s.line, detail: `package ${module(s.file!)} func main` } : { kind: "main", file: s.file!, line: s.line, detail: "main()" }));
  return { files, imports, moduleOf: module, keySymbols, entryPoints: [...mains, ...(chunks === null ? [] : scanEntryChunks(chunks))] };
};

/**
 * The shape of the project, one module or one file: modules with their size, the most central
 * symbols in the scope, the import links condensed to modules and the cycles among them (files
 * and their cycles for one file), and the entry points, each list capped.
 */
export const architectureOf = (base: ArchitectureBase, request: ArchitectureRequest): Architecture | UnknownTarget => {
  const limits = request.limits ?? ARCHITECTURE_LIMITS;
  const { files, imports, moduleOf: module } = base;

  const sizes = new Map<string, { files: number; lines: number }>();
  for (const [path, lines] of files) {
    const size = sizes.get(module(path)) ?? { files: 0, lines: 0 };
    sizes.set(module(path), { files: size.files + 1, lines: size.lines + lines });
  }
  const allModules = [...sizes].map(([name, s]) => ({ name, ...s })).sort((a, b) => b.lines - a.lines || b.files - a.files || byText(a.name, b.name));

  // What the scope holds: a predicate over file paths.
  const { scope } = request;
  const target = request.target;
  let inScope: (path: string) => boolean = () => true;
  if (scope !== "project") {
    if (target === null || (scope === "module" ? !sizes.has(target) : !files.has(target))) {
      const names = scope === "module" ? allModules.map((m) => m.name) : [...files.keys()].sort(byText);
      const wanted = target ?? "";
      return { _tag: "UnknownTarget", scope, target: wanted, candidates: closestNames(wanted, names, (n) => [n, n.slice(n.lastIndexOf("/") + 1)], 5) };
    }
    inScope = scope === "module" ? (path) => module(path) === target : (path) => path === target;
  }

  const modules = scope === "project" ? allModules : allModules.filter((m) => m.name === (scope === "module" ? target : module(target!)));
  const scopedFiles = scope === "project" ? [] : [...files].filter(([path]) => inScope(path)).map(([path, lines]) => ({ path, lines })).sort((a, b) => b.lines - a.lines || byText(a.path, b.path));

  const keySymbols = base.keySymbols.filter((s) => inScope(s.file));

  // Data flow and cycles: between modules, or between files for one file.
  let dataFlow: FlowEdge[];
  let cycles: ReadonlyArray<ReadonlyArray<string>>;
  if (scope === "file") {
    dataFlow = imports.filter((e) => e.source === target || e.target === target).map((e) => ({ from: e.source, to: e.target, imports: 1 })).sort(byWeight);
    cycles = cyclesOf(imports, Number.MAX_SAFE_INTEGER).cycles.filter((c) => c.includes(target!));
  } else {
    const moduleEdges = condenseImports(imports, module);
    const found = cyclesOf(moduleEdges.map((e) => ({ source: e.from, target: e.to })), Number.MAX_SAFE_INTEGER).cycles;
    dataFlow = scope === "project" ? moduleEdges : moduleEdges.filter((e) => e.from === target || e.to === target);
    cycles = scope === "project" ? found : found.filter((c) => c.includes(target!));
  }

  const entryPoints = [...base.entryPoints, ...request.manifestEntries].filter((e) => inScope(e.file)).sort(byPlace);

  const lines = scope === "project" ? allModules.reduce((n, m) => n + m.lines, 0) : scopedFiles.reduce((n, f) => n + f.lines, 0);
  return {
    _tag: "Architecture",
    scope,
    target: scope === "project" ? null : target,
    modules: modules.slice(0, limits.modules),
    files: scopedFiles.slice(0, limits.files),
    keySymbols: keySymbols.slice(0, limits.keySymbols),
    dataFlow: dataFlow.slice(0, limits.dataFlow),
    cycles: cycles.slice(0, limits.cycles),
    entryPoints: entryPoints.slice(0, limits.entryPoints),
    totals: {
      modules: modules.length,
      files: scope === "project" ? files.size : scopedFiles.length,
      lines,
      keySymbols: keySymbols.length,
      dataFlow: dataFlow.length,
      cycles: cycles.length,
      entryPoints: entryPoints.length,
    },
  };
};
