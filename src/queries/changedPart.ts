import type { GraphQueryable } from "../projections/index.js";

type Row = Record<string, unknown>;

/**
 * What the graph holds now for the files a write changed: their nodes, their outgoing edges, and
 * every external (few, and writes drop the unused ones). The node index and the adjacency both
 * follow a write from it, so the changed files are read once per change, not once per reader.
 */
export interface ChangedPart {
  /** Symbol rows with the columns of SYMBOL_COLUMNS. */
  readonly symbols: ReadonlyArray<Row>;
  /** File rows: id, path, language, lines. */
  readonly files: ReadonlyArray<Row>;
  /** External rows: id, name. */
  readonly externals: ReadonlyArray<Row>;
  /** Edges leaving the changed files' nodes. */
  readonly edges: ReadonlyArray<{ readonly kind: string; readonly from: string; readonly to: string; readonly line: number }>;
}

/** The Symbol columns a node index keeps, as `s.x AS x`. */
export const SYMBOL_COLUMNS = `s.id AS id, s.path AS path, s.kind AS kind, s.name AS name, s.qualifiedName AS qualifiedName,
  s.signature AS signature, s.startLine AS startLine, s.endLine AS endLine, s.exported AS exported`;
export const FILE_COLUMNS = "f.id AS id, f.path AS path, f.language AS language, f.lines AS lines";

/** A Cypher string literal: backslash and quote escaped. */
const cypherString = (text: string): string => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

const NONE = {
  string: "CAST(NULL AS STRING)",
  int: "CAST(NULL AS INT64)",
  bool: "CAST(NULL AS BOOLEAN)",
};

/**
 * One query, so one read transaction: nodes and the edges that join them agree. Every part
 * returns the same columns (UNION ALL asks for it). The paths are written as a literal: Kuzu
 * 0.11 crashes on a parameter used in more than one part of a UNION. Edges leave only files and
 * symbols, which carry a path.
 */
const query = (paths: ReadonlyArray<string>): string => {
  const list = `[${paths.map(cypherString).join(", ")}]`;
  const row = (c: Partial<Record<"k" | "id" | "path" | "kind" | "name" | "qualifiedName" | "signature" | "startLine" | "endLine" | "exported" | "language" | "lines" | "to" | "line", string>>) =>
    [
      `${c.k} AS k`,
      `${c.id ?? NONE.string} AS id`,
      `${c.path ?? NONE.string} AS path`,
      `${c.kind ?? NONE.string} AS kind`,
      `${c.name ?? NONE.string} AS name`,
      `${c.qualifiedName ?? NONE.string} AS qualifiedName`,
      `${c.signature ?? NONE.string} AS signature`,
      `${c.startLine ?? NONE.int} AS startLine`,
      `${c.endLine ?? NONE.int} AS endLine`,
      `${c.exported ?? NONE.bool} AS exported`,
      `${c.language ?? NONE.string} AS language`,
      `${c.lines ?? NONE.int} AS lines`,
      `${c.to ?? NONE.string} AS to`,
      `${c.line ?? NONE.int} AS line`,
    ].join(", ");
  return [
    `MATCH (s:Symbol) WHERE list_contains(${list}, s.path) RETURN ${row({
      k: "'symbol'",
      id: "s.id",
      path: "s.path",
      kind: "s.kind",
      name: "s.name",
      qualifiedName: "s.qualifiedName",
      signature: "s.signature",
      startLine: "s.startLine",
      endLine: "s.endLine",
      exported: "s.exported",
    })}`,
    `MATCH (f:File) WHERE list_contains(${list}, f.path) RETURN ${row({ k: "'file'", id: "f.id", path: "f.path", language: "f.language", lines: "f.lines" })}`,
    `MATCH (x:External) RETURN ${row({ k: "'external'", id: "x.id", name: "x.name" })}`,
    `MATCH (s:Symbol) WHERE list_contains(${list}, s.path) MATCH (s)-[r]->(y) RETURN ${row({ k: "label(r)", id: "s.id", to: "y.id", line: "r.line" })}`,
    `MATCH (f:File) WHERE list_contains(${list}, f.path) MATCH (f)-[r]->(y) RETURN ${row({ k: "label(r)", id: "f.id", to: "y.id", line: "r.line" })}`,
  ].join(" UNION ALL ");
};

const read = async (graph: GraphQueryable, changed: ReadonlySet<string>): Promise<ChangedPart> => {
  const symbols: Row[] = [];
  const files: Row[] = [];
  const externals: Row[] = [];
  const edges: Array<ChangedPart["edges"][number]> = [];
  for (const r of await graph.query(query([...changed]))) {
    if (r.k === "symbol") symbols.push(r);
    else if (r.k === "file") files.push(r);
    else if (r.k === "external") externals.push(r);
    else edges.push({ kind: String(r.k), from: String(r.id), to: String(r.to), line: Number(r.line ?? 0) });
  }
  return { symbols, files, externals, edges };
};

/**
 * Whether following a write by its changed files costs less than loading the graph again. The
 * changed part comes back a row per node and per edge, a whole load as a few lists: on sympy
 * (1,597 files, 196k edges) the adjacency followed 160 files in 0.57 s (read and merge), 250 in
 * 0.84 s, 800 in 2.3 s, and loaded whole in 0.75 s. A branch switch, or a moved module whose
 * importers are all re-resolved, changes hundreds.
 */
export const cheaperToFollow = (changedFiles: number, graphFiles: number): boolean =>
  changedFiles <= FOLLOW_ALWAYS || changedFiles * FOLLOW_SHARE <= graphFiles;

/** Past one file in FOLLOW_SHARE of the graph's, a write is followed by loading the graph again… */
const FOLLOW_SHARE = 10;
/** …unless it changed this few: in a small graph both ways are quick, and following keeps what was computed per node. */
const FOLLOW_ALWAYS = 64;

/** Reads per change list: the values following one change share its list object (see perGraphState). */
const reads = new WeakMap<GraphQueryable, WeakMap<ReadonlySet<string>, Promise<ChangedPart>>>();

/**
 * The changed files' part of the graph as it stands (see `ChangedPart`), read once per change
 * list and graph; null when a path cannot be written as a literal safely (a control character):
 * the caller then loads everything.
 */
export const changedPart = (graph: GraphQueryable, changed: ReadonlySet<string>): Promise<ChangedPart> | null => {
  if ([...changed].some((p) => /[\u0000-\u001f]/.test(p))) return null;
  let byList = reads.get(graph);
  if (byList === undefined) reads.set(graph, (byList = new WeakMap()));
  let found = byList.get(changed);
  if (found === undefined) {
    byList.set(changed, (found = read(graph, changed)));
    found.catch(() => byList!.delete(changed));
  }
  return found;
};
