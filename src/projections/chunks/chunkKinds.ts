import { SymbolKind } from "../../events/index.js";

/** What a chunk's `kind` can be: the kind of the symbol it lies in, or Module for code outside any. */
export const CHUNK_KINDS = [...SymbolKind.literals, "Module"] as const;
