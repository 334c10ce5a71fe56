import type { ExtractedSymbol } from "../../../events/index.js";
import { symbolNodeId, type NodeId } from "../model.js";
import type { FileScope } from "./FileScope.js";
import { policyOf } from "./languages/index.js";
import type { Resolution } from "./Resolution.js";

/**
 * Every method an interface requires: its own and those of the interfaces it extends (Go
 * embedded interfaces; Python protocols listed beside `Protocol`). Null when one of those is
 * not in the repository (`io.Reader`, a protocol from a library) or is no interface: its
 * methods are unknown, so no type can be shown to satisfy it.
 */
const requiredMethods = (resolution: Resolution, path: string, iface: ExtractedSymbol, seen: Set<string>): Set<string> | null => {
  const out = new Set(iface.members);
  const key = `${path}#${iface.id}`;
  if (seen.has(key)) return out;
  seen.add(key);
  const scope = resolution.scope(path);
  const typing = scope !== null ? policyOf(scope.family).structural : null;
  const refs = scope?.heritage.get(iface.id)?.filter((r) => r.kind === "extends") ?? [];
  if (typing !== null && typing.marker !== null && !refs.some((r) => r.name === typing.marker)) return null;
  const named = refs.filter((r) => typing === null || !typing.markers.has(r.name)).length;
  if (named === 0) return out;
  const bases = resolution.basesOf(path, iface, "extends");
  if (bases.length !== named) return null;
  for (const base of bases) {
    if (base.symbol.kind !== (typing?.interfaceKind ?? "Interface")) return null;
    const inherited = requiredMethods(resolution, base.path, base.symbol, seen);
    if (inherited === null) return null;
    for (const m of inherited) out.add(m);
  }
  return out;
};

/**
 * Go types whose method set covers an interface's methods, and Python classes that match a
 * Protocol's members without naming it: IMPLEMENTS edges from this file's types.
 */
export const structuralImplements = (resolution: Resolution, scope: FileScope): { from: NodeId; to: NodeId }[] => {
  const family = scope.family;
  const typing = policyOf(family).structural;
  if (typing === null) return [];
  const out: { from: NodeId; to: NodeId }[] = [];
  const path = scope.file.path;
  for (const type of scope.file.symbols) {
    if (!typing.satisfiers.has(type.kind)) continue;
    if (type.members.length > 0) continue;
    const methods = typing.methodSet(resolution, scope, type);
    if (methods.size === 0) continue;
    const explicit = new Set(resolution.basesOf(path, type, "extends").map((b) => `${b.path}#${b.symbol.id}`));
    const checked = new Set<string>();
    for (const method of [...methods].sort()) {
      for (const candidate of resolution.lookup.interfacesRequiring(method)) {
        const key = `${candidate.path}#${candidate.symbol.id}`;
        if (checked.has(key)) continue;
        checked.add(key);
        if (candidate.symbol === type || explicit.has(key)) continue;
        const language = resolution.scope(candidate.path)?.family;
        if (language !== family) continue;
        const required = requiredMethods(resolution, candidate.path, candidate.symbol, new Set());
        if (required !== null && [...required].every((m) => methods.has(m))) {
          out.push({ from: symbolNodeId(path, type.id), to: symbolNodeId(candidate.path, candidate.symbol.id) });
        }
      }
    }
  }
  return out;
};
