import type { IndexProgress } from "../indexProject.js";

/**
 * Where the engine stands with the project's index, as every tool reports it: the one answer
 * to "is nothing indexed, or is it being indexed?". Only `never` makes index_project the
 * right advice; while an index runs (the background one `serve` starts, or an index_project
 * call) or the engine follows changes already recorded, asking for another index is redundant.
 */
export type IndexState =
  /** An index runs: `progress` is how far it got (null before its first report). */
  | { readonly kind: "indexing"; readonly progress: IndexProgress | null }
  /** File changes up to this log position are recorded and not all projected yet: the engine is applying them. */
  | { readonly kind: "behind"; readonly upTo: number }
  /** No index ever ran and no file change was ever recorded. */
  | { readonly kind: "never" }
  | { readonly kind: "current" };

export const NEVER_INDEXED: IndexState = { kind: "never" };

/**
 * Events that change what the code read models hold: a FileChanged not yet parsed, or a parse
 * outcome not yet projected. Index-run markers and memory writes move the log head without
 * making them stale.
 */
export const FILE_EVENTS: ReadonlyArray<string> = ["FileChanged", "FileDeleted", "FileParsed", "ParseFailed", "FileSkipped"];

/** The index runs of one engine: the tools read how far the running one got. */
export interface IndexActivity {
  /** An index starts: `report` its progress as it goes, `end` it however it ends. */
  begin(): { report(p: IndexProgress): void; end(): void };
  /** The latest progress of the newest running index; null when none runs. */
  running(): { readonly progress: IndexProgress | null } | null;
}

export const indexActivity = (): IndexActivity => {
  // Oldest first: when two overlap (the background index and an index_project call), the newest speaks.
  const runs: Array<{ progress: IndexProgress | null }> = [];
  return {
    begin: () => {
      const run: { progress: IndexProgress | null } = { progress: null };
      runs.push(run);
      return {
        report: (p) => {
          run.progress = p;
        },
        end: () => {
          const at = runs.indexOf(run);
          if (at >= 0) runs.splice(at, 1);
        },
      };
    },
    running: () => runs.at(-1) ?? null,
  };
};

/** What the engine is doing, from what it knows: a running index first, then the log against the read models. */
export const indexStateOf = (facts: {
  readonly running: { readonly progress: IndexProgress | null } | null;
  /** The newest file event a read model has not projected yet (0 when all are). */
  readonly behindUpTo: number;
  /** Whether the log holds any file change or index run at all. */
  readonly everIndexed: boolean;
}): IndexState => {
  if (facts.running !== null) return { kind: "indexing", progress: facts.running.progress };
  if (facts.behindUpTo > 0) return { kind: "behind", upTo: facts.behindUpTo };
  return facts.everIndexed ? { kind: "current" } : NEVER_INDEXED;
};

const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : `${one}s`}`;

/** `parsed 120 of 900 files`: how far a running index got. */
export const progressText = (p: IndexProgress | null): string => {
  if (p === null) return "starting";
  switch (p.stage) {
    case "scan":
      return `scanned ${p.done.toLocaleString("en-US")} of ${plural(p.total, "file")}`;
    case "parse":
      return `parsed ${p.done.toLocaleString("en-US")} of ${plural(p.total, "file")}`;
    case "project":
      return `parsed every file; the ${p.name} read model is at event #${p.position} of #${p.head}`;
  }
};

/** The line an answer ends with while the index is not current (the README's promise), or null. */
export const indexStateLine = (state: IndexState): string | null => {
  switch (state.kind) {
    case "indexing":
      return `index catching up: an index is under way (${progressText(state.progress)}); answers cover what is indexed so far`;
    case "behind":
      return `index catching up: file changes up to #${state.upTo} are not all projected yet; answers may miss them`;
    case "never":
      return "nothing is indexed yet: run index_project";
    case "current":
      return null;
  }
};

/** Why a tool cannot answer without an index, and the one thing to do about it. */
export const notIndexedMessage = (state: IndexState): string => {
  switch (state.kind) {
    case "never":
      return "nothing is indexed yet: run index_project first";
    case "indexing":
      return `the index under way has not got this far yet (${progressText(state.progress)}): ask again when it has (index_status shows how far it is)`;
    case "behind":
      return `the engine is still applying file changes up to #${state.upTo}: ask again in a moment`;
    case "current":
      return "no file is indexed: the last index found nothing it parses (index_status shows the counts; [index] in .nemesis/config.toml sets what is indexed)";
  }
};

/**
 * What to do about code the index does not hold: `otherwise` (the tool's own advice, such as
 * running index_project if the code is new) once the index is current, else what the state
 * calls for: nothing but waiting while an index runs or the engine catches up.
 */
export const unseenAdvice = (state: IndexState, otherwise: string): string => {
  switch (state.kind) {
    case "indexing":
      return `the index under way may not have reached it yet (${progressText(state.progress)}): ask again when it has`;
    case "behind":
      return `the engine is still applying file changes up to #${state.upTo}: ask again in a moment`;
    case "never":
      return "nothing is indexed yet: run index_project first";
    case "current":
      return otherwise;
  }
};
