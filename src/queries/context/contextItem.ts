import type { SmartContext } from "./SmartContextResult.js";

/** One thing an answer may show: code (with its score and its file's), or a piece of memory. */
export type CodeItem = SmartContext["code_context"][number];
export type Item =
  /** `verbatim`: the snippet is the file's own lines start_line..end_line (a region), so touching ones can be joined. */
  | { readonly tag: "code"; readonly score: number; readonly fileScore: number; readonly value: CodeItem; readonly verbatim?: boolean }
  | { readonly tag: "rule"; readonly value: SmartContext["rules"][number] }
  | { readonly tag: "decision"; readonly value: SmartContext["decisions"][number] }
  | { readonly tag: "convention"; readonly value: SmartContext["conventions"][number] };
