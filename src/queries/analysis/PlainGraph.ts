/**
 * A graph as plain data: what the analysis algorithms and exporters work on, whoever loaded it
 * (the Kuzu code graph today, an agent's scratch graph later).
 */
export interface PlainNode {
  readonly id: string;
  /** `File`, `External`, or a symbol kind (`Function`, `Class`, …). */
  readonly kind: string;
  /** A symbol's qualified name, a file's path, an external module's name. */
  readonly name: string;
  readonly file: string | null;
  /** A symbol's first line; 0 for files and externals. */
  readonly line: number;
}

export interface PlainEdge {
  readonly source: string;
  readonly target: string;
  /** `CALLS`, `IMPORTS`, … */
  readonly kind: string;
  /** Line of the reference that made the edge (0 for structural edges). */
  readonly line: number;
}

export interface PlainGraph {
  readonly nodes: ReadonlyArray<PlainNode>;
  readonly edges: ReadonlyArray<PlainEdge>;
}
