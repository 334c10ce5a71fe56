import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import { fileNodeId } from "../../projections/graph/model.js";

export interface FileSymbol {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly qualifiedName: string;
  readonly signature: string | null;
  /** First line of the doc comment, if any. */
  readonly doc: string | null;
  readonly startLine: number;
  readonly endLine: number;
  readonly exported: boolean;
}

export interface FileSymbols {
  readonly path: string;
  readonly language: string | null;
  readonly lines: number;
  /** In line order (a class before its methods). */
  readonly symbols: ReadonlyArray<FileSymbol>;
}

/** The symbols `path` declares, or null when the graph has no file at that exact project-relative path. */
export const fileSymbols = async (graph: GraphQueryable, path: string): Promise<FileSymbols | null> => {
  const file = await graph.query("MATCH (f:File {id: $id}) RETURN f.language AS language, f.lines AS lines", { id: fileNodeId(path) });
  const head = file[0];
  if (head === undefined) return null;
  const rows = await graph.query(
    `MATCH (s:Symbol) WHERE s.path = $path
     RETURN s.id AS id, s.kind AS kind, s.name AS name, s.qualifiedName AS qualifiedName, s.signature AS signature,
       s.doc AS doc, s.startLine AS startLine, s.endLine AS endLine, s.exported AS exported
     ORDER BY startLine, id`,
    { path },
  );
  return {
    path,
    language: head.language === null || head.language === undefined ? null : String(head.language),
    lines: Number(head.lines ?? 0),
    symbols: rows.map((r) => ({
      id: String(r.id),
      kind: String(r.kind),
      name: String(r.name),
      qualifiedName: String(r.qualifiedName),
      signature: r.signature === null || r.signature === undefined ? null : String(r.signature),
      doc: typeof r.doc === "string" && r.doc.trim() !== "" ? (r.doc.trim().split("\n")[0] ?? null) : null,
      startLine: Number(r.startLine),
      endLine: Number(r.endLine),
      exported: r.exported === true,
    })),
  };
};
