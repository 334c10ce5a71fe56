import type { GraphQueryable } from "../../projections/index.js";
import { exportedDefinition } from "./exportAlias.js";
import type { GraphNode, NodeIndex } from "./nodeIndex.js";

/** One alias followed on the way to the class. */
export interface AliasStep {
  readonly node: GraphNode;
  /**
   * The alias is a name its file exports (`export { Dialog as Popup }`, or re-exports from
   * another module) rather than a module-level assignment (`Matrix = MutableDenseMatrix`).
   */
  readonly exported: boolean;
}

/**
 * How `Owner.member` reached a definition the owner does not declare itself: through module-level
 * aliases of the class (`Matrix = MutableDenseMatrix`, `export { Dialog as Popup }`) and then its ancestors.
 */
export interface MemberRoute {
  /**
   * The class the text named, once its aliases are followed: the one whose ancestors were searched
   * (for a bare export alias, `Popup`, whatever definition it names).
   */
  readonly owner: GraphNode;
  /** The aliases followed to reach `owner`, the name written first (`Matrix`). */
  readonly aliases: ReadonlyArray<AliasStep>;
  /** Whether the member is declared on an ancestor of `owner` rather than on `owner`. */
  readonly inherited: boolean;
}

/** Kinds that hold members an agent names as `Owner.member`. */
const CLASS_KINDS: ReadonlySet<string> = new Set(["Class", "Interface", "Struct", "Trait", "Enum"]);
/** Aliases of aliases are followed this far; a longer chain is not how code names a class. */
const MAX_ALIAS_HOPS = 4;
/** Ancestors searched at most: a deep framework hierarchy, not a runaway walk. */
const MAX_ANCESTORS = 200;

/**
 * The class an alias copies, as written in its stored signature: `Matrix = MutableDenseMatrix`
 * (Python), `const Modal = Dialog` (TS, `export const` too). Only a bare name or dotted name is an
 * alias; a call, a literal or anything else on the right is a value, not another name for a class.
 */
export const aliasTarget = (variable: GraphNode): string | null => {
  const signature = variable.signature?.trim();
  if (signature === undefined || signature === "") return null;
  const m = /^(?:export\s+)?(?:(?:const|let|var)\s+)?([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*;?$/.exec(signature);
  return m !== null && m[1] === variable.name ? m[2]! : null;
};

/** A class of that (qualified) name: the alias's own file first, as an unqualified name in Python or TS reads. */
const classNamed = (index: NodeIndex, name: string, near: string | null, owners: (text: string) => ReadonlyArray<GraphNode>): GraphNode[] => {
  const local = (index.symbolsByPath.get(near ?? "") ?? []).filter((n) => n.qualifiedName === name && (CLASS_KINDS.has(n.kind) || n.kind === "Variable"));
  return local.length > 0 ? local : [...owners(name)];
};

/** The classes `text` may stand for, each with the aliases followed to reach it. */
const classesOf = async (
  graph: GraphQueryable,
  index: NodeIndex,
  start: ReadonlyArray<GraphNode>,
  owners: (text: string) => ReadonlyArray<GraphNode>,
): Promise<Array<{ owner: GraphNode; aliases: AliasStep[] }>> => {
  const out: Array<{ owner: GraphNode; aliases: AliasStep[] }> = [];
  const seen = new Set<string>();
  const visit = async (node: GraphNode, aliases: AliasStep[]): Promise<void> => {
    if (seen.has(node.id) || aliases.length > MAX_ALIAS_HOPS) return;
    seen.add(node.id);
    if (CLASS_KINDS.has(node.kind)) {
      out.push({ owner: node, aliases });
      return;
    }
    if (node.kind !== "Variable") return;
    const exported = await exportedDefinition(graph, index, node);
    if (exported !== null) {
      await visit(exported, [...aliases, { node, exported: true }]);
      return;
    }
    const target = aliasTarget(node);
    if (target === null) return;
    for (const next of classNamed(index, target, node.path, owners)) await visit(next, [...aliases, { node, exported: false }]);
  };
  for (const node of start) await visit(node, []);
  return out;
};

/** A class's direct bases in the order they are written (Python's MRO starts with them), from its INHERITS edges. */
const basesOf = async (graph: GraphQueryable, id: string): Promise<string[]> => {
  const rows = await graph.query("MATCH (a:Symbol {id: $id})-[r:INHERITS]->(b:Symbol) RETURN b.id AS id, r.line AS line", { id });
  return rows.sort((x, y) => Number(x.line ?? 0) - Number(y.line ?? 0) || String(x.id).localeCompare(String(y.id))).map((r) => String(r.id));
};

/**
 * `member` as the class `owner` has it: its own, else the nearest ancestor's, breadth first
 * through INHERITS with each class's bases in written order (Python's MRO agrees on every
 * hierarchy without a diamond, and a single-inheritance language has one order only).
 */
const memberOf = async (graph: GraphQueryable, index: NodeIndex, owner: GraphNode, member: string, allowed: (n: GraphNode) => boolean): Promise<{ node: GraphNode; inherited: boolean } | null> => {
  const seen = new Set<string>([owner.id]);
  let level: GraphNode[] = [owner];
  for (let depth = 0; level.length > 0 && seen.size <= MAX_ANCESTORS; depth++) {
    for (const c of level) {
      const found = index.byId.get(`s:${c.path}#${c.qualifiedName}.${member}`);
      if (found !== undefined && allowed(found)) return { node: found, inherited: depth > 0 };
    }
    const next: GraphNode[] = [];
    for (const c of level) {
      for (const id of await basesOf(graph, c.id)) {
        const base = index.byId.get(id);
        if (base === undefined || seen.has(id)) continue;
        seen.add(id);
        next.push(base);
      }
    }
    level = next;
  }
  return null;
};

/**
 * `Owner.member` when the owner does not declare the member itself: the owner names a class (or a
 * module-level alias of one), and the member is found on that class or its ancestors. `owners`
 * resolves the owner's text to candidate nodes, best first (classes and variables, by name).
 * Null when the text has no `.`, names no class, or no ancestor has the member.
 */
export const resolveMember = async (
  graph: GraphQueryable,
  index: NodeIndex,
  text: string,
  owners: (text: string) => ReadonlyArray<GraphNode>,
  allowed: (n: GraphNode) => boolean,
): Promise<{ node: GraphNode; route: MemberRoute } | null> => {
  const dot = text.lastIndexOf(".");
  if (dot <= 0 || dot === text.length - 1) return null;
  const member = text.slice(dot + 1);
  if (!/^[A-Za-z_$][\w$]*$/.test(member)) return null;
  for (const { owner, aliases } of await classesOf(graph, index, owners(text.slice(0, dot)), owners)) {
    const found = await memberOf(graph, index, owner, member, allowed);
    if (found !== null && (found.inherited || aliases.length > 0)) return { node: found.node, route: { owner, aliases, inherited: found.inherited } };
  }
  return null;
};
