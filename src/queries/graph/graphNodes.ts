import type { Row } from "../../projections/index.js";
import type { PlainNode } from "../analysis/PlainGraph.js";
import { isTestPath } from "../search/filePrior.js";
import type { GraphNode } from "../symbols/nodeIndex.js";

/** A node as the graph questions read it: plain data plus whether a symbol is exported. */
export interface CodeNode extends PlainNode {
  readonly exported: boolean;
}

/** The expression of each column `codeNode(row, v)` reads, by column name, for node `v` of any table. */
export const nodeFields = (v: string): Record<string, string> => ({
  [`${v}_id`]: `${v}.id`,
  [`${v}_table`]: `label(${v})`,
  [`${v}_kind`]: `${v}.kind`,
  [`${v}_qname`]: `${v}.qualifiedName`,
  [`${v}_name`]: `${v}.name`,
  [`${v}_path`]: `${v}.path`,
  [`${v}_line`]: `${v}.startLine`,
  [`${v}_exported`]: `${v}.exported`,
});

/**
 * Cypher columns describing node `v` whatever its table (File, Symbol or External; a property
 * a table lacks reads as null), read back by `codeNode(row, v)`.
 */
export const nodeColumns = (v: string): string =>
  Object.entries(nodeFields(v))
    .map(([name, expression]) => `${expression} AS ${name}`)
    .join(", ");

export const codeNode = (row: Row, v: string): CodeNode => {
  const table = String(row[`${v}_table`]);
  const id = String(row[`${v}_id`]);
  const path = row[`${v}_path`];
  if (table === "File") return { id, kind: "File", name: String(path), file: String(path), line: 0, exported: false };
  if (table === "External") return { id, kind: "External", name: String(row[`${v}_name`]), file: null, line: 0, exported: false };
  return {
    id,
    kind: String(row[`${v}_kind`]),
    name: String(row[`${v}_qname`]),
    file: String(path),
    line: Number(row[`${v}_line`] ?? 0),
    exported: row[`${v}_exported`] === true,
  };
};

/** The same description of a node of the node index (`nodeIndex`), which holds every File, Symbol and External. */
export const codeNodeOf = (node: GraphNode): CodeNode => {
  if (node.table === "File") return { id: node.id, kind: "File", name: node.qualifiedName, file: node.path, line: 0, exported: false };
  if (node.table === "External") return { id: node.id, kind: "External", name: node.name, file: null, line: 0, exported: false };
  return { id: node.id, kind: node.kind, name: node.qualifiedName, file: node.path, line: node.startLine, exported: node.exported };
};

/** A test function (kind `Test`), or any node of a file that is a test by its path (`test/`, `*_test.go`, `*.spec.ts`, …). */
export const isTestNode = (node: PlainNode): boolean => node.kind === "Test" || (node.file !== null && isTestPath(node.file));
