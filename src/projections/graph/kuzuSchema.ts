import { EDGE_KINDS } from "./model.js";

/**
 * Column order of each node table; the CSV writer and the parameterised creates follow it, so
 * both write paths fill the same columns.
 */
export const NODE_COLUMNS = {
  File: ["id", "path", "language", "lines", "hash", "status", "unresolved", "unresolvedCount"],
  Symbol: [
    "id",
    "path",
    "kind",
    "name",
    "qualifiedName",
    "signature",
    "doc",
    "startLine",
    "endLine",
    "exported",
    "visibility",
    "async",
    "complexity",
    "returns",
    "params",
  ],
  External: ["id", "name"],
} as const;
export type RowTable = keyof typeof NODE_COLUMNS;

/** Non-string columns: a parameter list whose values are all null reaches Kuzu typed as STRING, so creates cast these. */
export const COLUMN_TYPES: Readonly<Record<string, string>> = {
  lines: "INT64",
  unresolvedCount: "INT64",
  startLine: "INT64",
  endLine: "INT64",
  exported: "BOOLEAN",
  async: "BOOLEAN",
  complexity: "INT64",
  line: "INT64",
};

/**
 * The files each recent write changed, so a reader holding the graph in memory at an earlier
 * checkpoint can reload only those files' nodes and edges (queries/graphChanges.ts). `paths` is
 * a JSON list: the files whose nodes or outgoing edges the write replaced. Not graph content:
 * dumps and the adjacency leave it out, and it is pruned to the last writes.
 */
export const GRAPH_CHANGE_DDL = "CREATE NODE TABLE GraphChange(position INT64, previous INT64, paths STRING, PRIMARY KEY(position))";

const NODE_DDL = [
  // Unresolved references stay data on their file (a JSON list), never guessed edges.
  `CREATE NODE TABLE File(id STRING, path STRING, language STRING, lines INT64, hash STRING, status STRING,
    unresolved STRING, unresolvedCount INT64, PRIMARY KEY(id))`,
  `CREATE NODE TABLE Symbol(id STRING, path STRING, kind STRING, name STRING, qualifiedName STRING, signature STRING,
    doc STRING, startLine INT64, endLine INT64, exported BOOLEAN, visibility STRING, async BOOLEAN, complexity INT64,
    returns STRING, params STRING, PRIMARY KEY(id))`,
  "CREATE NODE TABLE External(id STRING, name STRING, PRIMARY KEY(id))",
  "CREATE NODE TABLE Checkpoint(name STRING, position INT64, version INT64, PRIMARY KEY(name))",
  GRAPH_CHANGE_DDL,
];

/** Every edge kind may join any source (File, Symbol) to any target (File, Symbol, External): the resolver decides. */
export const REL_PAIRS = [
  ["File", "File"],
  ["File", "Symbol"],
  ["File", "External"],
  ["Symbol", "File"],
  ["Symbol", "Symbol"],
  ["Symbol", "External"],
] as const;

export const SCHEMA_DDL: ReadonlyArray<string> = [
  ...NODE_DDL,
  ...EDGE_KINDS.map(
    (kind) => `CREATE REL TABLE ${kind}(${REL_PAIRS.map(([a, b]) => `FROM ${a} TO ${b}`).join(", ")}, line INT64)`,
  ),
];
