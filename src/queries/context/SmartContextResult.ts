/** What get_smart_context answers: the JSON form is this object as it is. */
export interface SmartContext {
  readonly code_context: ReadonlyArray<{
    readonly file: string;
    readonly symbol: string | null;
    readonly kind: string;
    readonly start_line: number;
    readonly end_line: number;
    readonly snippet: string;
    readonly why: string;
  }>;
  readonly rules: ReadonlyArray<{ readonly id: string; readonly rule: string; readonly scope: string; readonly why: string }>;
  readonly decisions: ReadonlyArray<{
    readonly id: string;
    readonly title: string;
    readonly reasoning: string;
    readonly alternatives: ReadonlyArray<{ readonly title: string; readonly reason_rejected: string }>;
    readonly why: string;
  }>;
  readonly conventions: ReadonlyArray<{ readonly id: string; readonly pattern: string; readonly example: string; readonly scope: string; readonly why: string }>;
  /** A few lines on the project's architecture (modules, key symbols, imports, entry points); empty before the graph is built. */
  readonly architecture: string;
  /** Tokens (cl100k) of the text form. */
  readonly token_count: number;
  /** Said when something was left out for the budget, or nothing fit. */
  readonly note: string;
}
