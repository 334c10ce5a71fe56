import { architectureOf, type ArchitectureBase } from "./architecture.js";
import type { EntryPoint } from "./EntryPoint.js";

/**
 * The project's shape in a few lines' worth of data, as get_architecture computed it at one graph
 * position: what the session-start hook tells an agent about the project. The engine keeps it in
 * `.nemesis/cache/architecture.json` (architectureCache.ts) because the hook must never open the
 * graph; it is a cache of a query, rebuilt whenever the engine computes the architecture again.
 */
export interface ArchitectureSummary {
  /** Layout of this record; a reader ignores any other. */
  readonly format: 1;
  /** The graph checkpoint the summary was computed at. */
  readonly graphPosition: number;
  readonly computedAt: string;
  readonly totals: { readonly modules: number; readonly files: number; readonly lines: number; readonly entryPoints: number };
  /** Largest first. */
  readonly modules: ReadonlyArray<{ readonly name: string; readonly files: number; readonly lines: number }>;
  /** By PageRank, best first. */
  readonly keySymbols: ReadonlyArray<{ readonly name: string; readonly kind: string; readonly file: string; readonly line: number }>;
  /** Module → module imports, heaviest first. */
  readonly dataFlow: ReadonlyArray<{ readonly from: string; readonly to: string; readonly imports: number }>;
  readonly entryPoints: ReadonlyArray<EntryPoint>;
}

/** Enough to describe a project in a session's first message; the hook trims further to its budget. */
const SUMMARY_LIMITS = { modules: 10, files: 0, keySymbols: 8, dataFlow: 6, cycles: 0, entryPoints: 8 };

/** The project-scope summary of a loaded architecture base. */
export const summarizeArchitecture = (
  base: ArchitectureBase,
  manifestEntries: ReadonlyArray<EntryPoint>,
  graphPosition: number,
  now: Date = new Date(),
): ArchitectureSummary => {
  const a = architectureOf(base, { scope: "project", target: null, manifestEntries, limits: SUMMARY_LIMITS });
  // A project request has no target to miss.
  if (a._tag !== "Architecture") throw new Error("architectureOf answered a project request with an unknown target");
  return {
    format: 1,
    graphPosition,
    computedAt: now.toISOString(),
    totals: { modules: a.totals.modules, files: a.totals.files, lines: a.totals.lines, entryPoints: a.totals.entryPoints },
    modules: a.modules.map((m) => ({ name: m.name, files: m.files, lines: m.lines })),
    keySymbols: a.keySymbols.map((s) => ({ name: s.name, kind: s.kind, file: s.file, line: s.line })),
    dataFlow: a.dataFlow.map((e) => ({ from: e.from, to: e.to, imports: e.imports })),
    entryPoints: a.entryPoints.map((e) => ({ ...e })),
  };
};
