import type { ExtractedSymbol } from "../../../events/index.js";
import type { Capture } from "./Lookup.js";

/** What a name denotes once resolved. */
export type Target =
  | { readonly kind: "symbol"; readonly path: string; readonly symbol: ExtractedSymbol }
  | { readonly kind: "module"; readonly path: string }
  | { readonly kind: "package"; readonly dir: string; readonly files: readonly string[] }
  /** Defined outside the repository: resolution stops here, with no edge and no guess. */
  | { readonly kind: "external"; readonly id: string };

export type SymbolTarget = Target & { readonly kind: "symbol" };

/** Export lookups that saw no cycle, with what they read; valid until the next change. */
export type SharedExports = Map<string, { readonly target: Target | null; readonly capture: Capture }>;

/** Kinds that have members and bases, and that a receiver's type can be. */
export const TYPE_KINDS: ReadonlySet<string> = new Set(["Class", "Interface"]);
export const FUNCTION_LIKE: ReadonlySet<string> = new Set(["Function", "Method", "Test"]);

/** How deep a chain of re-exports, members and bases is followed before giving up. */
export const MAX_DEPTH = 48;
