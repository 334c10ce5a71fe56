import { nemesisPaths } from "../../src/config/index.js";
import { ChunkReader } from "../../src/projections/chunks/ChunkReader.js";
import { ChunkStore } from "../../src/projections/chunks/ChunkStore.js";
import { CatalogReader, GraphReader } from "../../src/projections/index.js";

/**
 * What a project's read models hold, as sorted lines that do not depend on the log they were
 * built from (no positions, no times): the graph's dump, the catalog's files (path, hash,
 * status, language, size), the LanceDB chunk rows (id, place, text length, vector bytes) and the
 * keyword index's chunk ids. Two indexes of the same files are equal iff their views are.
 * Opens every store read-only: no engine may hold the project.
 */
export const readModelsOf = async (root: string) => {
  const paths = nemesisPaths(root);
  const graph = await GraphReader.openReadOnly(paths.graph);
  const graphDump = await graph.dump().finally(() => graph.close());
  const catalog = CatalogReader.open(paths.catalog);
  const files = catalog.files().map((f) => [f.path, f.content_hash, f.status, f.language, f.size].join(" "));
  catalog.close();
  const store = await ChunkStore.openExisting(paths.chunks);
  const rows = store === null ? [] : await store.allRows();
  store?.close();
  const lance = rows.map((r) => `${r.id} ${r.path}:${r.startLine}-${r.endLine} ${r.text.length} ${r.vector === null ? "no vector" : Buffer.from(r.vector.buffer, r.vector.byteOffset, r.vector.byteLength).toString("base64")}`);
  const keyword = await ChunkReader.open(paths.chunks);
  const keywordIds = keyword === null ? [] : (keyword.db.prepare("SELECT id FROM chunks ORDER BY id").pluck().all() as string[]);
  keyword?.close();
  return { graph: graphDump, catalog: files.sort(), chunks: lance.sort(), keyword: keywordIds };
};
