import { EDGE_KINDS } from "./model.js";

/**
 * Column order of each node table; the CSV writer and the parameterised creates follow it, so
 * both write paths fill the same columns.
 */
export const NODE_COLUMNS = {
  File: ["id", "path", "language", "lines", "hash", "status"],
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
  Unresolved: ["id", "path", "fromId", "kind", "name", "qualifier", "line"],
} as const;
export type RowTable = keyof typeof NODE_COLUMNS;

/** Non-string columns: a parameter list whose values are all null reaches Kuzu typed as STRING, so creates cast these. */
export const COLUMN_TYPES: Readonly<Record<string, string>> = {
  lines: "INT64",
  startLine: "INT64",
  endLine: "INT64",
  exported: "BOOLEAN",
  async: "BOOLEAN",
  complexity: "INT64",
  line: "INT64",
};

const NODE_DDL = [
  "CREATE NODE TABLE File(id STRING, path STRING, language STRING, lines INT64, hash STRING, status STRING, PRIMARY KEY(id))",
  `CREATE NODE TABLE Symbol(id STRING, path STRING, kind STRING, name STRING, qualifiedName STRING, signature STRING,
    doc STRING, startLine INT64, endLine INT64, exported BOOLEAN, visibility STRING, async BOOLEAN, complexity INT64,
    returns STRING, params STRING, PRIMARY KEY(id))`,
  "CREATE NODE TABLE External(id STRING, name STRING, PRIMARY KEY(id))",
  // Unresolved references are data, not edges: a wrong edge is worse than a missing one.
  "CREATE NODE TABLE Unresolved(id STRING, path STRING, fromId STRING, kind STRING, name STRING, qualifier STRING, line INT64, PRIMARY KEY(id))",
  "CREATE NODE TABLE Checkpoint(name STRING, position INT64, version INT64, PRIMARY KEY(name))",
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
