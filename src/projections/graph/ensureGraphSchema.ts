import { GraphStoreError, errorText } from "./GraphStoreError.js";
import { requireGraphRoom } from "./graphRoom.js";
import { GRAPH_CHANGE_DDL, SCHEMA_DDL } from "./kuzuSchema.js";
import type { KuzuWriter } from "./KuzuWriter.js";

/**
 * The schema of a new store, in one transaction; a store written before change rows existed gets
 * their table. `tables`: the tables the store has now.
 */
export const ensureGraphSchema = async (tx: KuzuWriter, path: string, tables: ReadonlySet<string>): Promise<void> => {
  if (tables.has("Checkpoint")) {
    // A store written before change rows existed: add their table, nothing else differs.
    if (!tables.has("GraphChange")) await tx.exec(GRAPH_CHANGE_DDL);
    return;
  }
  requireGraphRoom(path, 0);
  await tx.exec("BEGIN TRANSACTION");
  try {
    for (const ddl of SCHEMA_DDL) await tx.exec(ddl);
    await tx.exec("COMMIT");
  } catch (e) {
    await tx.exec("ROLLBACK").catch(() => undefined);
    throw new GraphStoreError({ path, reason: `could not create the schema: ${errorText(e)}` });
  }
};
