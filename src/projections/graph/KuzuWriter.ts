export type Row = Record<string, unknown>;
export type Params = Record<string, unknown>;

/** What a write's steps need of the store: statements on its writer connection, inside the write's transaction. */
export interface KuzuWriter {
  exec(cypher: string, params?: Params): Promise<void>;
  /** The statement once per row, in order. */
  execEach(cypher: string, rows: ReadonlyArray<object>): Promise<void>;
}
