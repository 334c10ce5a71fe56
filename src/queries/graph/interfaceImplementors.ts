import picomatch from "picomatch";
import type { GraphQueryable, Row } from "../../projections/index.js";
import { closestNames } from "../analysis/closestNames.js";
import { codeNode, nodeColumns, nodeFields, type CodeNode } from "./graphNodes.js";
import { queryAsList } from "./queryAsList.js";

/** How a type comes to implement an interface. */
export type Implementation =
  /** It names the interface (`implements`, `extends` of a Python Protocol, Go's `var _ I = (*T)(nil)`), or a sub-interface of it. */
  | "declared"
  /** Its method set covers the interface's (Go; Python Protocols), found by the resolver: nothing in the source names it. */
  | "structural"
  /** It extends a class that implements the interface. */
  | "inherited";

export interface Implementor extends CodeNode {
  readonly how: Implementation;
  /** The class it inherits the implementation from, or the sub-interface it implements; null when it implements the interface itself. */
  readonly via: string | null;
}

export interface InterfaceEntry extends CodeNode {
  readonly endLine: number;
  readonly signature: string | null;
  readonly doc: string | null;
  /** Its own methods, in line order. */
  readonly methods: ReadonlyArray<string>;
  /** Interfaces that extend it, at any depth. */
  readonly extendedBy: ReadonlyArray<CodeNode & { readonly via: string | null }>;
  readonly implementors: ReadonlyArray<Implementor>;
  /** Whether `implementors` stopped at the limit. */
  readonly implementorsCapped: boolean;
}

export type ImplementorsAnswer =
  | {
      readonly _tag: "Interfaces";
      readonly interfaces: ReadonlyArray<InterfaceEntry>;
      /** How many interfaces matched (more than listed when capped). */
      readonly matched: number;
    }
  /** No interface matches: the closest interface names. */
  | { readonly _tag: "NoInterface"; readonly pattern: string; readonly candidates: ReadonlyArray<CodeNode> };

export interface ImplementorsOptions {
  /** Most interfaces listed (default 20). */
  readonly maxInterfaces?: number;
  /** Most implementors listed per interface (default 50). */
  readonly maxImplementors?: number;
}

// An interface is a symbol of kind Interface, or anything something IMPLEMENTS (a Python
// Protocol is a Class that classes implement structurally).
const IS_INTERFACE = "a.kind = 'Interface' OR EXISTS { MATCH (a)<-[:IMPLEMENTS]-(:Symbol) }";
const INTERFACES = `MATCH (a:Symbol) WHERE ${IS_INTERFACE}
  RETURN ${nodeColumns("a")}, a.endLine AS endLine, a.signature AS signature, a.doc AS doc ORDER BY a_path, a_line`;
const HERITAGE = "MATCH (a:Symbol)-[r:IMPLEMENTS|INHERITS]->(b:Symbol)";
const METHODS = `MATCH (a:Symbol)-[:HAS_METHOD]->(m:Symbol) WHERE ${IS_INTERFACE} RETURN a.id AS owner, m.name AS name ORDER BY m.startLine`;

type Edge = { readonly node: CodeNode; readonly rel: string; readonly at: number };

/**
 * Every interface with its methods, and every heritage edge by the type it points at: all that
 * `implementorsIn` reads, whatever the pattern. A long-lived process keeps it until the graph changes.
 */
export interface Heritage {
  readonly interfaces: ReadonlyArray<CodeNode & { readonly row: Row }>;
  readonly methods: ReadonlyMap<string, ReadonlyArray<string>>;
  readonly incoming: ReadonlyMap<string, ReadonlyArray<Edge>>;
}

const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
/** The order the edges were asked for when they were read row by row: ORDER BY path, line, id. */
const byPlace = (a: Edge, b: Edge): number => order(a.node.file ?? "", b.node.file ?? "") || a.node.line - b.node.line || order(a.node.id, b.node.id);

/** Reads the heritage of the whole graph: three queries. */
export const loadHeritage = async (graph: GraphQueryable): Promise<Heritage> => {
  const interfaces = (await graph.query(INTERFACES)).map((r) => ({ ...codeNode(r, "a"), row: r }));
  const incoming = new Map<string, Edge[]>();
  for (const r of await queryAsList(graph, HERITAGE, { ...nodeFields("a"), rel: "label(r)", at: "r.line", dst: "b.id" })) {
    const dst = String(r.dst);
    const list = incoming.get(dst) ?? [];
    list.push({ node: codeNode(r, "a"), rel: String(r.rel), at: Number(r.at ?? 0) });
    incoming.set(dst, list);
  }
  for (const list of incoming.values()) list.sort(byPlace);
  const methods = new Map<string, string[]>();
  for (const r of await graph.query(METHODS)) {
    const list = methods.get(String(r.owner)) ?? [];
    list.push(String(r.name));
    methods.set(String(r.owner), list);
  }
  return { interfaces, methods, incoming };
};

const MAX_HERITAGE_DEPTH = 8;

/**
 * Interfaces whose name (or qualified name) matches the glob `pattern` (`Store`, `*Handler`,
 * `I?`; case-insensitive when nothing matches as written), each with the types that implement
 * it: those that declare it, those the resolver found structurally (Go method sets, Python
 * Protocols; the IMPLEMENTS edge then has no source line), those that implement a sub-interface
 * of it, and subclasses of any of these.
 */
export const interfaceImplementors = async (graph: GraphQueryable, pattern: string, options: ImplementorsOptions = {}): Promise<ImplementorsAnswer> =>
  implementorsIn(await loadHeritage(graph), pattern, options);

/** `interfaceImplementors` over heritage read before (`loadHeritage`). */
export const implementorsIn = (heritage: Heritage, pattern: string, options: ImplementorsOptions = {}): ImplementorsAnswer => {
  const maxInterfaces = options.maxInterfaces ?? 20;
  const maxImplementors = options.maxImplementors ?? 50;
  const all = heritage.interfaces;
  const matching = (nocase: boolean) => {
    const match = picomatch(pattern, { nocase, dot: true });
    return all.filter((i) => match(i.name) || match(i.name.slice(i.name.lastIndexOf(".") + 1)));
  };
  const matched = matching(false).length > 0 ? matching(false) : matching(true);
  if (matched.length === 0) {
    const plain = pattern.replace(/[*?[\]{}!]/g, "");
    return { _tag: "NoInterface", pattern, candidates: closestNames(plain, all, (i) => [i.name], 8).map(({ row: _, ...i }) => i) };
  }
  const listed = matched.slice(0, maxInterfaces);
  return {
    _tag: "Interfaces",
    matched: matched.length,
    interfaces: listed.map(({ row, ...iface }) => {
      const { extendedBy, implementors } = implementorsOf(iface, heritage.incoming, maxImplementors);
      return {
        ...iface,
        endLine: Number(row.endLine ?? iface.line),
        signature: text(row.signature),
        doc: text(row.doc),
        methods: [...(heritage.methods.get(iface.id) ?? [])],
        extendedBy,
        implementors: implementors.slice(0, maxImplementors),
        implementorsCapped: implementors.length > maxImplementors,
      };
    }),
  };
};

const text = (value: Row[string]): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * Walks heritage edges into `iface`: sub-interfaces, their implementors, and subclasses of every
 * implementor, breadth first. Past `max` implementors (one more tells the list is capped) only
 * sub-interfaces are still followed: a Protocol that sympy's expression classes implement has
 * ~750 of them below it, and walking them all cost 5-70 ms a call for the 50 listed.
 */
const implementorsOf = (
  iface: CodeNode,
  incoming: ReadonlyMap<string, ReadonlyArray<Edge>>,
  max: number,
): { extendedBy: Array<CodeNode & { via: string | null }>; implementors: Implementor[] } => {
  const extendedBy: Array<CodeNode & { via: string | null }> = [];
  const implementors: Implementor[] = [];
  const full = () => implementors.length > max;
  const seen = new Set([iface.id]);
  let layer: Array<{ node: CodeNode; role: "interface" | "class" }> = [{ node: iface, role: "interface" }];
  for (let depth = 0; depth < MAX_HERITAGE_DEPTH && layer.length > 0; depth++) {
    const next: typeof layer = [];
    for (const { node, role } of layer) {
      if (role === "class" && full()) continue;
      const via = node.id === iface.id ? null : node.name;
      for (const { node: from, rel, at } of incoming.get(node.id) ?? []) {
        if (seen.has(from.id)) continue;
        if (role === "interface" && rel === "INHERITS" && from.kind === "Interface") {
          extendedBy.push({ ...from, via });
          next.push({ node: from, role: "interface" });
        } else if (full()) continue;
        else if (role === "interface") {
          implementors.push({ ...from, how: rel === "IMPLEMENTS" && at === 0 ? "structural" : "declared", via });
          next.push({ node: from, role: "class" });
        } else if (rel === "INHERITS") {
          implementors.push({ ...from, how: "inherited", via: node.name });
          next.push({ node: from, role: "class" });
        } else continue;
        seen.add(from.id);
      }
    }
    layer = next;
  }
  return { extendedBy, implementors };
};
