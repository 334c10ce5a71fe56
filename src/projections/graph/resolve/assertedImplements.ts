import type { ExtractedSymbol } from "../../../events/index.js";
import type { FileScope } from "./FileScope.js";
import { policyOf } from "./languages/index.js";
import type { Resolution } from "./Resolution.js";

/** Kinds of type an assertion can be about (Go structs and other named types). */
const ASSERTABLE = new Set(["Class", "Type"]);
/** Kinds an implemented interface can be. */
const INTERFACES = new Set(["Class", "Interface"]);

export interface AssertedImplementation {
  readonly type: ExtractedSymbol;
  readonly iface: { readonly path: string; readonly symbol: ExtractedSymbol };
  /** The assertion's line when it is in the type's file, else the type's own line: the edge is the type's. */
  readonly line: number;
}

/**
 * Interfaces this file's types are declared to implement by references written apart from
 * them (Go `var _ I = (*T)(nil)`, in any file of the package): each interface is resolved
 * where the assertion is written, through that file's imports.
 */
export const assertedImplements = (resolution: Resolution, scope: FileScope): AssertedImplementation[] => {
  const files = policyOf(scope.family).assertingFiles?.(resolution, scope);
  if (files === undefined) return [];
  const types = new Map<string, ExtractedSymbol>();
  for (const s of scope.file.symbols) if (s.parent === null && ASSERTABLE.has(s.kind) && !types.has(s.name)) types.set(s.name, s);
  if (types.size === 0) return [];
  const out: AssertedImplementation[] = [];
  for (const path of files) {
    const other = resolution.scope(path);
    if (other === null) continue;
    for (const [name, refs] of other.asserted) {
      const type = types.get(name);
      if (type === undefined) continue;
      for (const ref of refs) {
        const target = resolution.resolveQualified(other, null, ref.qualifier, ref.name, "type");
        if (target === null || target.kind !== "symbol" || !INTERFACES.has(target.symbol.kind) || target.symbol === type) continue;
        out.push({ type, iface: { path: target.path, symbol: target.symbol }, line: path === scope.file.path ? ref.line : type.startLine });
      }
    }
  }
  return out;
};
