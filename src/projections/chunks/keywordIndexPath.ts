import { join } from "node:path";

/** The SQLite file beside the LanceDB table: keyword index, sparse vectors, checkpoint. */
export const keywordIndexPath = (dir: string): string => join(dir, "keyword.db");
