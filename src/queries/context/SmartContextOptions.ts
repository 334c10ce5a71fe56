import type { HistoryReader } from "../../projections/index.js";
import type { StageTimes } from "./stageTimes.js";

export interface SmartContextOptions {
  readonly task: string;
  readonly maxTokens: number;
  /** Exact token count of a text (cl100k). */
  readonly count: (text: string) => number;
  /** Tokens the caller adds to either form after this answer (a freshness line). */
  readonly reserve?: number;
  /** Where the time goes (NEMESIS_DEBUG_TIMINGS). */
  readonly times?: StageTimes;
  /** A sketch of the project's architecture, a few lines: as many of its first lines as fit a small share of the budget are shown. */
  readonly architecture?: string;
  /** The project's git history, when recorded: past commits like the task, and what changes together. */
  readonly history?: ContextHistory | null;
}

/** What the file ranking reads of the history read model. */
export type ContextHistory = Pick<HistoryReader, "similarCommits" | "coChanged">;
