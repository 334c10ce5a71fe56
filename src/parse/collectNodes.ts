import { createRequire } from "node:module";
import { dirname } from "node:path";
import Parser, { type SyntaxNode, type Tree } from "tree-sitter";

/**
 * Finds every node of some types in one native walk and hands back only their type and start,
 * building a `SyntaxNode` object just for the ones an extractor asks for.
 *
 * Why not `node.descendantsOfType`: the binding turns each found node into a JS object with a
 * weak reference and a finalizer, which cost 5-10x the C walk itself; most nodes we collect
 * (type names, branch points) only need their start. So this module calls the binding's native
 * method directly and reads the node records from its transfer buffer (six uint32 per node:
 * id low/high, start byte, start row, start column, alias). The layout belongs to tree-sitter
 * 0.25.x; a self-check on first use compares against the public API and falls back to it if
 * the binding ever changes.
 */

const FIELDS = 6;

type Marshalled = number | SyntaxNode | null | undefined;

interface Binding {
  nodeTransferArray: Uint32Array;
  NodeMethods: {
    descendantsOfType(tree: Tree, types: string[]): Marshalled[];
    childForFieldName(tree: Tree, name: string): Marshalled;
    childNodeForFieldId(tree: Tree, id: number): Marshalled;
    namedChildren(tree: Tree): Marshalled[];
    children(tree: Tree): Marshalled[];
    firstNamedChild(tree: Tree): Marshalled;
    parent(tree: Tree): Marshalled;
    endIndex(tree: Tree): number;
  };
  getNodeTypeNamesById(language: unknown): (string | null)[];
  getNodeFieldNamesById(language: unknown): (string | null)[];
}

type NodeRecord = SyntaxNode & { [field: number]: number };
type NodeClass = new (tree: Tree) => NodeRecord;

export interface CollectedNodes {
  readonly count: number;
  readonly types: readonly string[];
  /** Start as a UTF-16 string index. */
  readonly starts: Uint32Array;
  node(i: number): SyntaxNode;
}

const require = createRequire(import.meta.url);

let binding: Binding | null | undefined;
const typeNames = new WeakMap<object, (string | null)[]>();

const loadBinding = (): Binding | null => {
  try {
    const load = require("node-gyp-build") as (dir: string) => Binding;
    const candidate = load(dirname(require.resolve("tree-sitter/package.json")));
    if (typeof candidate.NodeMethods?.descendantsOfType !== "function") return null;
    if ((candidate as unknown as { Tree: unknown }).Tree !== (Parser as unknown as { Tree: unknown }).Tree) return null;
    return candidate;
  } catch {
    return null;
  }
};

/** The grammar object the tree was parsed with (the binding stores it on the tree). */
const languageOf = (tree: Tree): object => (tree as unknown as { language: object }).language;

const namesFor = (b: Binding, tree: Tree): (string | null)[] => {
  const language = languageOf(tree);
  let names = typeNames.get(language);
  if (names === undefined) {
    names = b.getNodeTypeNamesById(language);
    typeNames.set(language, names);
  }
  return names;
};

const collectFast = (b: Binding, tree: Tree, root: SyntaxNode, wanted: string[]): CollectedNodes => {
  const rootRecord = root as NodeRecord;
  const input = b.nodeTransferArray;
  for (let f = 0; f < FIELDS; f++) input[f] = rootRecord[f]!;
  const found = b.NodeMethods.descendantsOfType(tree, wanted);
  // The binding may have grown (replaced) the buffer during the call.
  const buf = b.nodeTransferArray;
  const count = found.length;
  const names = namesFor(b, tree);
  const types: string[] = new Array(count);
  const starts = new Uint32Array(count);
  const records = new Uint32Array(count * FIELDS);
  const typeIds = new Uint16Array(count);
  const cached: (SyntaxNode | undefined)[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const value = found[i];
    if (typeof value === "number") {
      typeIds[i] = value;
      types[i] = names[value] ?? "";
      for (let f = 0; f < FIELDS; f++) records[i * FIELDS + f] = buf[offset + f]!;
      starts[i] = buf[offset + 2]! >>> 1;
      offset += FIELDS;
    } else if (value !== null && value !== undefined) {
      // Already alive as a JS object: the binding hands that object back instead of a record.
      cached[i] = value;
      types[i] = value.type;
      starts[i] = value.startIndex;
    } else {
      types[i] = "";
    }
  }
  const node = (i: number): SyntaxNode => {
    const existing = cached[i];
    if (existing !== undefined) return existing;
    const Class = classOf(tree, typeIds[i]!);
    const made = new Class(tree);
    for (let f = 0; f < FIELDS; f++) made[f] = records[i * FIELDS + f]!;
    cached[i] = made;
    return made;
  };
  // The binding names only regular symbols; tokens such as `&&` are named once by asking a node.
  for (let i = 0; i < count; i++) {
    if (types[i] !== "" || cached[i] !== undefined || found[i] === null) continue;
    const name = node(i).type;
    names[typeIds[i]!] = name;
    types[i] = name;
  }
  return { count, types, starts, node };
};

const collectPublic = (root: SyntaxNode, wanted: string[]): CollectedNodes => {
  const nodes = root.descendantsOfType(wanted);
  const starts = new Uint32Array(nodes.length);
  const types = nodes.map((n, i) => {
    starts[i] = n.startIndex;
    return n.type;
  });
  return { count: nodes.length, types, starts, node: (i) => nodes[i]! };
};

/** Compares the fast path with the public API on a small tree; any difference disables it. */
const selfCheck = (b: Binding): boolean => {
  try {
    const parser = new Parser();
    parser.setLanguage(require("tree-sitter-javascript") as Parser.Language);
    const text = "const 😀 = 1; function f(a) { return g(a) && h(`é${a}`) }\nclass C { m() { f() } }";
    const tree = parser.parse(text);
    const wanted = ["call_expression", "function_declaration", "&&", "method_definition", "identifier"];
    const fast = collectFast(b, tree, tree.rootNode, wanted);
    const slow = collectPublic(parser.parse(text).rootNode, wanted);
    if (fast.count !== slow.count || fast.count === 0) return false;
    for (let i = 0; i < fast.count; i++) {
      if (fast.types[i] !== slow.types[i] || fast.starts[i] !== slow.starts[i]) return false;
      const a = fast.node(i);
      const s = slow.node(i);
      if (a.endIndex !== s.endIndex || a.type !== s.type || a.childCount !== s.childCount) return false;
    }
    // The navigation helpers read the same buffer; compare them too before trusting them.
    binding = b;
    try {
      const same = (x: SyntaxNode | null, y: SyntaxNode | null): boolean =>
        x === null || y === null ? x === y : x.type === y.type && x.startIndex === y.startIndex && x.endIndex === y.endIndex;
      for (let i = 0; i < fast.count; i++) {
        const a = fast.node(i);
        const s = slow.node(i);
        if (!same(childByField(a, "name"), s.childForFieldName("name"))) return false;
        if (!same(childByField(a, "function"), s.childForFieldName("function"))) return false;
        if (!same(parentOf(a), s.parent) || !same(firstNamedChildOf(a), s.firstNamedChild)) return false;
        if (endOf(a) !== s.endIndex || startOf(a) !== s.startIndex) return false;
        const fastKids = namedChildrenOf(a);
        const slowKids = s.namedChildren;
        if (fastKids.length !== slowKids.length || fastKids.some((k, j) => !same(k, slowKids[j]!))) return false;
        const allKids = childrenOf(a);
        const slowAll = s.children;
        if (allKids.length !== slowAll.length || allKids.some((k, j) => !same(k, slowAll[j]!) || endOf(k) !== slowAll[j]!.endIndex)) return false;
      }
    } finally {
      binding = undefined;
    }
    return true;
  } catch {
    return false;
  }
};

/** All descendants of `root` (itself included) whose type is in `wanted`, in document order. */
export const collectNodes = (tree: Tree, root: SyntaxNode, wanted: readonly string[]): CollectedNodes => {
  if (binding === undefined) {
    const candidate = loadBinding();
    binding = candidate !== null && selfCheck(candidate) ? candidate : null;
  }
  return binding !== null ? collectFast(binding, tree, root, wanted as string[]) : collectPublic(root, wanted as string[]);
};

const factories = new Map<NodeClass, NodeClass>();

/**
 * A constructor for nodes of `typeId` that skips the binding's base constructor (which spends
 * its time in `Object.defineProperty`) while keeping the node class's prototype and methods.
 */
const classOf = (tree: Tree, typeId: number): NodeClass => {
  const Class =
    (languageOf(tree) as { nodeSubclasses: NodeClass[] }).nodeSubclasses[typeId] ??
    (Parser as unknown as { SyntaxNode: NodeClass }).SyntaxNode;
  let factory = factories.get(Class);
  if (factory === undefined) {
    const make = function (this: { tree: Tree }, t: Tree) {
      this.tree = t;
    } as unknown as NodeClass;
    make.prototype = Class.prototype;
    factory = make;
    factories.set(Class, factory);
  }
  return factory;
};

/** Puts `node` where the binding's native methods read their argument from. */
const marshal = (b: Binding, node: SyntaxNode): Tree => {
  const record = node as NodeRecord;
  const input = b.nodeTransferArray;
  for (let f = 0; f < FIELDS; f++) input[f] = record[f]!;
  return node.tree;
};

/**
 * A node returned by a native method, built from the transfer buffer without the binding's
 * per-node cache entry (a weak reference plus a finalizer: most of the cost of a navigation).
 */
const unmarshal = (b: Binding, tree: Tree, value: Marshalled, offset: number): SyntaxNode | null => {
  if (value === null || value === undefined) return null;
  if (typeof value !== "number") return value;
  const buf = b.nodeTransferArray;
  if (buf[offset] === 0 && buf[offset + 1] === 0) return null;
  const Class = classOf(tree, value);
  const made = new Class(tree);
  for (let f = 0; f < FIELDS; f++) made[f] = buf[offset + f]!;
  return made;
};

const fieldIds = new WeakMap<object, Map<string, number>>();

/** Field ids by name for the tree's grammar (0 when the grammar has no such field). */
const fieldIdOf = (b: Binding, tree: Tree, name: string): number => {
  const language = languageOf(tree);
  let ids = fieldIds.get(language);
  if (ids === undefined) {
    ids = new Map();
    b.getNodeFieldNamesById(language).forEach((field, id) => {
      if (field !== null && field !== undefined) ids!.set(field, id);
    });
    fieldIds.set(language, ids);
  }
  return ids.get(name) ?? 0;
};

/** The child in field `name`, or null. */
export const childByField = (node: SyntaxNode, name: string): SyntaxNode | null => {
  const b = binding;
  if (b === null || b === undefined) return node.childForFieldName(name);
  const tree = marshal(b, node);
  const id = fieldIdOf(b, tree, name);
  if (id === 0) return null;
  return unmarshal(b, tree, b.NodeMethods.childNodeForFieldId(tree, id), 0);
};

/** Nodes from a list the binding returned: records are read from its transfer buffer in turn, live objects taken as they are. */
const unmarshalList = (b: Binding, tree: Tree, found: Marshalled[]): SyntaxNode[] => {
  const out: SyntaxNode[] = [];
  let offset = 0;
  for (const value of found) {
    const child = unmarshal(b, tree, value, offset);
    if (typeof value === "number") offset += FIELDS;
    if (child !== null) out.push(child);
  }
  return out;
};

export const namedChildrenOf = (node: SyntaxNode): SyntaxNode[] => {
  const b = binding;
  if (b === null || b === undefined) return node.namedChildren;
  const tree = marshal(b, node);
  return unmarshalList(b, tree, b.NodeMethods.namedChildren(tree) ?? []);
};

/** All children (named and anonymous), in order, built without the binding's per-node cache entry. */
export const childrenOf = (node: SyntaxNode): SyntaxNode[] => {
  const b = binding;
  if (b === null || b === undefined) return node.children;
  const tree = marshal(b, node);
  return unmarshalList(b, tree, b.NodeMethods.children(tree) ?? []);
};

export const firstNamedChildOf = (node: SyntaxNode): SyntaxNode | null => {
  const b = binding;
  if (b === null || b === undefined) return node.firstNamedChild;
  const tree = marshal(b, node);
  return unmarshal(b, tree, b.NodeMethods.firstNamedChild(tree), 0);
};

export const parentOf = (node: SyntaxNode): SyntaxNode | null => {
  const b = binding;
  if (b === null || b === undefined) return node.parent;
  const tree = marshal(b, node);
  return unmarshal(b, tree, b.NodeMethods.parent(tree), 0);
};

/** End of a node as a UTF-16 string index. */
export const endOf = (node: SyntaxNode): number => {
  const b = binding;
  if (b === null || b === undefined) return node.endIndex;
  return b.NodeMethods.endIndex(marshal(b, node));
};

/**
 * Start index of any node as a UTF-16 string index. On the fast path it is read from the node's
 * record (no native call); otherwise through the public getter.
 */
export const startOf = (node: SyntaxNode): number =>
  binding !== null && binding !== undefined ? (node as NodeRecord)[2]! >>> 1 : node.startIndex;

/** Whether the fast path is in use (reported by benchmarks and tests). */
export const fastCollectionActive = (): boolean => binding !== null && binding !== undefined;
