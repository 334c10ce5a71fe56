/** A scratch graph as the import and export formats carry it: what add_nodes and add_edges take. */
export interface DocNode {
  readonly label: string;
  readonly type: string | null;
  readonly properties: Record<string, unknown>;
}

export interface DocEdge {
  readonly source: string;
  readonly target: string;
  readonly relation: string;
  readonly properties: Record<string, unknown>;
}

export interface GraphDocument {
  readonly nodes: ReadonlyArray<DocNode>;
  readonly edges: ReadonlyArray<DocEdge>;
}

export const SCRATCH_FORMATS = ["json", "csv", "dot", "graphml"] as const;
export type ScratchFormat = (typeof SCRATCH_FORMATS)[number];

/** The relation an imported edge gets when its format names none. */
export const DEFAULT_RELATION = "related_to";

/** Why an import text cannot be read; nothing is written when one comes back. */
export interface FormatError {
  readonly _tag: "FormatError";
  readonly message: string;
}

export const formatError = (message: string): FormatError => ({ _tag: "FormatError", message });
export const isFormatError = (v: unknown): v is FormatError => typeof v === "object" && v !== null && (v as { _tag?: unknown })._tag === "FormatError";

/** Property values as one text each (DOT attributes, GraphML data of unknown keys): JSON for anything but a string. */
export const hasProperties = (p: Record<string, unknown>): boolean => Object.keys(p).length > 0;
