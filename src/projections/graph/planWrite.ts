import type { RecordedEvent } from "../../events/index.js";
import { diffEdges } from "./diffEdges.js";
import type { FoldedBatch } from "./foldEvents.js";
import type { GraphIndex } from "./GraphIndex.js";
import { failedFileRow, fileNodes, type ExternalRow, type FileNodes, type FileRow, type SymbolRow, unresolvedColumns } from "./graphRows.js";
import type { DeletedFile, FileUpdate, GraphWriteFirst, GraphWriteRest, MovedEdge, SymbolUpdate } from "./GraphWrite.js";
import { NODE_COLUMNS } from "./kuzuSchema.js";
import { fileNodeId, type FileResolution, type GraphEdge, type NodeId } from "./model.js";

/** What one `apply` did, for progress output and benchmarks. */
export interface GraphApplyStats {
  readonly files: number;
  readonly reresolved: number;
  readonly edges: number;
  /** Resolver edges dropped because an end does not exist (a resolver bug, never stored). */
  readonly dropped: number;
}

/** What the planner asks of the resolver once the store wants the resolution. */
export interface PlanResolver {
  /** Called once, before any `resolve`, with every file about to be resolved (see PartialParses.hydrate). */
  prepare(paths: ReadonlyArray<string>): void;
  resolve(path: string): FileResolution;
  /**
   * Optional: called once `path`, parsed by `event` in this batch, is resolved and its edges
   * are filed; nothing of this batch resolves it again.
   */
  resolved?(path: string, event: RecordedEvent): void;
}

/** One batch's write: `first` (node deletes, symbols) at once, `rest` (the resolution) when the store asks for it. */
export interface WritePlan {
  readonly first: GraphWriteFirst;
  readonly rest: () => { readonly write: GraphWriteRest; readonly stats: GraphApplyStats };
  /** Files whose resolution or stored edges the batch changes (what the resolution cache rewrites); complete once `rest` ran. */
  readonly changed: ReadonlySet<string>;
  /** Files whose nodes or outgoing edges the write changes (the batch's files, plus dependants whose edges moved); complete once `rest` ran. */
  readonly written: ReadonlySet<string>;
}

/** Files a batch may update in place (see planWrite). */
export const IN_PLACE_MAX_FILES = 16;

/**
 * Turns a folded batch into one keyed write against what `index` says the store holds, and
 * updates `index` as it goes, so that it then mirrors the store as written: `first` at once,
 * and `rest`, the resolution, when the store asks for it, so Kuzu loads the symbols meanwhile.
 */
export const planWrite = (index: GraphIndex, batch: FoldedBatch, resolver: PlanResolver): WritePlan => {
  // No closure here may hold `batch`, `final` or `stored`: `rest` outlives this call, and they
  // hold every parse of the batch whole (see PlanResolver.resolved).
  const { final, affected, stored } = batch;
  const changed = new Set<string>([...final.keys(), ...affected]);
  const written = new Set<string>(final.keys());
  const reresolve: string[] = [];
  for (const path of affected) {
    const f = final.get(path);
    if ((f !== undefined ? f.kind : index.paths.get(path)?.status) === "parsed") reresolve.push(path);
  }
  reresolve.sort();
  const reresolveSet = new Set(reresolve);
  const parsedBy = new Map<string, RecordedEvent>();
  for (const [path, state] of final) if (state.kind === "parsed") parsedBy.set(path, state.event);
  const batchFiles = final.size;

  // In a small batch, a file parsed again keeps its File node and the Symbol nodes whose id
  // survives, updated in place: edges into them stay where they are (re-creating them one by
  // one was most of a delta's time). The nodes of other replaced, failed or deleted files go,
  // with every edge touching them; edges into them from files that are not re-resolved would
  // be lost, so those are read first and put back. A large batch replaces every file: its
  // row-by-row updates would cost more than deleting by scan and loading by COPY.
  const deleteFiles: DeletedFile[] = [];
  const deleteNodes: NodeId[] = [];
  const detached = new Set<NodeId>();
  const inPlace = new Map<string, { readonly before: FileNodes; readonly after: FileNodes }>();
  for (const [path, state] of final) {
    const entry = index.paths.get(path);
    if (entry === undefined) continue;
    const before = stored.get(path);
    if (final.size <= IN_PLACE_MAX_FILES && state.kind === "parsed" && entry.status === "parsed" && before !== undefined) {
      const after = fileNodes(state.file);
      const keep = new Set(after.symbols.map((s) => s.id));
      for (const id of entry.symbols) {
        if (keep.has(id)) continue;
        deleteNodes.push(id);
        detached.add(id);
      }
      inPlace.set(path, { before: fileNodes(before), after });
    } else {
      deleteFiles.push({ path, symbols: [...entry.symbols] });
      detached.add(fileNodeId(path));
      for (const id of entry.symbols) detached.add(id);
    }
  }
  const kept: Array<readonly [string, GraphEdge]> = [];
  for (const [source, into] of index.edgesInto(detached)) {
    if (!final.has(source) && !reresolveSet.has(source)) for (const e of into) kept.push([source, e]);
  }
  for (const path of final.keys()) if (!inPlace.has(path)) index.removeFile(path);

  const files = new Map<string, FileRow>();
  const symbols: SymbolRow[] = [];
  const edges: GraphEdge[] = [];
  const updateFiles: FileUpdate[] = [];
  const updateSymbols: SymbolUpdate[] = [];
  const deleteStructural: GraphEdge[] = [];
  for (const [path, state] of final) {
    if (state.kind === "deleted") continue;
    const change = inPlace.get(path);
    if (change !== undefined) {
      const { before, after } = change;
      const { unresolved: _u, unresolvedCount: _n, ...own } = after.file;
      updateFiles.push(own);
      const held = new Set(index.paths.get(path)!.symbols);
      const previous = new Map(before.symbols.map((s) => [s.id, s]));
      for (const s of after.symbols) {
        if (!held.has(s.id)) symbols.push(s);
        else {
          const columns = changedColumns(previous.get(s.id), s);
          if (columns.length > 0) updateSymbols.push({ row: s, columns });
        }
      }
      index.replaceSymbols(path, after.symbols.map((s) => s.id));
      // Structural edges of surviving nodes are diffed; those of deleted nodes went with them.
      const survived = before.structural.filter((e) => !detached.has(e.from) && !detached.has(e.to));
      const { removed, added } = diffEdges(survived, after.structural);
      pushAll(deleteStructural, removed);
      pushAll(edges, added);
      continue;
    }
    if (state.kind === "failed") {
      files.set(path, failedFileRow(path, state.contentHash));
      index.addFile(path, "failed");
      continue;
    }
    const nodes = fileNodes(state.file);
    files.set(path, nodes.file);
    index.addFile(path, "parsed");
    for (const s of nodes.symbols) {
      symbols.push(s);
      index.addSymbol(path, s.id);
    }
    pushAll(edges, nodes.structural);
  }

  return {
    first: { deleteFiles, deleteNodes, updateFiles, updateSymbols, symbols },
    rest: () =>
      planResolved(index, resolver, { batchFiles, parsedBy, reresolve, detached, kept }, files, edges, deleteStructural, changed, written),
    changed,
    written,
  };
};

/** What the first half of `planWrite` hands the second. */
interface Resolving {
  readonly batchFiles: number;
  /** The event each file parsed in the batch was parsed by. */
  readonly parsedBy: ReadonlyMap<string, RecordedEvent>;
  /** Files to resolve again, sorted. */
  readonly reresolve: ReadonlyArray<string>;
  /** Nodes the write deletes: edges from or into them are gone with them. */
  readonly detached: ReadonlySet<NodeId>;
  /** Stored edges into detached nodes from files not resolved again, with their source's path: put back if their target still exists. */
  readonly kept: ReadonlyArray<readonly [string, GraphEdge]>;
}

/** The second half of `planWrite`: re-resolves the affected files and diffs their edges against the index. */
const planResolved = (
  index: GraphIndex,
  resolver: PlanResolver,
  { batchFiles, parsedBy, reresolve, detached, kept }: Resolving,
  files: Map<string, FileRow>,
  edges: GraphEdge[],
  deleteEdges: GraphEdge[],
  changed: Set<string>,
  written: Set<string>,
): { write: GraphWriteRest; stats: GraphApplyStats } => {
  const moveEdges: MovedEdge[] = [];
  const setUnresolved: Array<Pick<FileRow, "id" | "unresolved" | "unresolvedCount">> = [];
  const touchedExternals = new Set<NodeId>(index.storedExternals);
  let dropped = 0;
  resolver.prepare(reresolve);
  for (const path of reresolve) {
    const entry = index.paths.get(path)!;
    const resolution = resolver.resolve(path);
    const fresh: GraphEdge[] = [];
    for (const e of resolution.edges) {
      if (index.storable(path, e)) fresh.push(e);
      else dropped++;
    }
    const columns = unresolvedColumns(path, resolution.unresolved);
    const row = files.get(path);
    if (row !== undefined) {
      files.set(path, { ...row, ...columns });
      pushAll(edges, fresh);
    } else {
      // A dependant (or a file re-parsed in place) keeps its File node: write only what
      // changed. Its edges from or into detached nodes are gone already: they count as absent.
      const { removed, added } = diffEdges(
        entry.edges.filter((e) => !detached.has(e.to) && !detached.has(e.from)),
        fresh,
      );
      pairMoves(removed, added, deleteEdges, moveEdges, edges);
      if (removed.length > 0 || added.length > 0) written.add(path);
      if (columns.unresolved !== entry.unresolved) setUnresolved.push({ id: fileNodeId(path), ...columns });
    }
    entry.unresolved = columns.unresolved;
    index.clearEdges(path);
    for (const e of fresh) {
      index.addEdge(path, e);
      if (e.to.startsWith("x:")) touchedExternals.add(e.to);
    }
    const event = parsedBy.get(path);
    if (event !== undefined) resolver.resolved?.(path, event);
  }
  for (const [source, e] of kept) {
    if (index.nodes.has(e.to)) {
      edges.push(e);
    } else {
      // Its target is gone and the resolver did not re-resolve the source: drop it from the mirror too.
      dropped++;
      index.removeEdge(source, e);
      changed.add(source);
      written.add(source);
    }
  }

  const externals: ExternalRow[] = [];
  const deleteExternals: NodeId[] = [];
  for (const id of touchedExternals) {
    const used = index.externalRefs.has(id);
    const stored = index.storedExternals.has(id);
    if (used && !stored) {
      externals.push({ id, name: id.slice(2) });
      index.storedExternals.add(id);
    } else if (!used && stored) {
      deleteExternals.push(id);
      index.storedExternals.delete(id);
    }
  }
  return {
    write: { deleteEdges, moveEdges, deleteExternals, setUnresolved, files: [...files.values()], externals, edges },
    stats: { files: batchFiles, reresolved: reresolve.length, edges: edges.length, dropped },
  };
};

/**
 * Sorts a diff into deletes, moves and creates: an edge removed and one added between the same
 * nodes with the same kind is the same fact on another line (the resolver keeps one edge per
 * kind and pair), written as one update instead of a delete and a create.
 */
const pairMoves = (
  removed: ReadonlyArray<GraphEdge>,
  added: ReadonlyArray<GraphEdge>,
  deletes: GraphEdge[],
  moves: MovedEdge[],
  creates: GraphEdge[],
): void => {
  const key = (e: GraphEdge) => `${e.kind}\u0000${e.from}\u0000${e.to}`;
  const gone = new Map<string, GraphEdge>();
  for (const e of removed) {
    const k = key(e);
    if (gone.has(k)) deletes.push(e);
    else gone.set(k, e);
  }
  for (const e of added) {
    const k = key(e);
    const old = gone.get(k);
    if (old === undefined) creates.push(e);
    else {
      gone.delete(k);
      moves.push({ edge: old, line: e.line });
    }
  }
  for (const e of gone.values()) deletes.push(e);
};

const SYMBOL_VALUE_COLUMNS = NODE_COLUMNS.Symbol.filter((c) => c !== "id");

/** The columns of a stored symbol row that differ in `b` (all of them when the old row is unknown; rows are flat values). */
const changedColumns = (a: SymbolRow | undefined, b: SymbolRow): Array<keyof SymbolRow> =>
  a === undefined ? [...SYMBOL_VALUE_COLUMNS] : SYMBOL_VALUE_COLUMNS.filter((c) => a[c] !== b[c]);

/** `push(...xs)` passes every item as an argument and overflows the stack on a huge file. */
const pushAll = <T>(into: T[], xs: ReadonlyArray<T>): void => {
  for (const x of xs) into.push(x);
};
