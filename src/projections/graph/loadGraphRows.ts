import { edgeGroups, type EdgeGroup } from "./edgeGroups.js";
import type { GraphWriteRest } from "./GraphWrite.js";
import type { KuzuWriter } from "./KuzuWriter.js";
import { NODE_COLUMNS, type RowTable } from "./kuzuSchema.js";
import { quote, unwindCreate, withoutNulls } from "./kuzuStatements.js";
import type { Staging } from "./Staging.js";
import { CSV_COPY_OPTIONS, hasLineBreaks, writeCsv, writeEdgeCsv, type CsvValue } from "./writeCsv.js";

/** Nodes need no match: one parameterised UNWIND, or COPY for a bulk load (`staging` given). */
export const createNodeTable = async (tx: KuzuWriter, table: RowTable, rows: ReadonlyArray<object>, staging: Staging | null): Promise<void> => {
  if (rows.length === 0) return;
  // File rows carry the unresolved lists (JSON, quotes everywhere): Kuzu's CSV reader once
  // took seconds on them, but with AUTO_DETECT off and compact lists COPY beats a parameter
  // list (sympy: 0.39 s for the parameter list).
  if (staging === null) {
    await tx.exec(unwindCreate(table), { rows: rows.map((r) => withoutNulls(table, r as Record<string, CsvValue>)) });
    return;
  }
  const file = staging.file(`${table}.csv`);
  const records = rows as ReadonlyArray<Record<string, CsvValue>>;
  staging.write(() => writeCsv(file, NODE_COLUMNS[table], records));
  // Kuzu's parallel CSV reader cannot split inside a quoted line break (doc comments have them).
  const parallel = hasLineBreaks(records) ? "false" : "true";
  await tx.exec(`COPY ${table} FROM '${quote(file)}' (${CSV_COPY_OPTIONS}, PARALLEL=${parallel})`);
};

/** One edge group's COPY file loaded into its rel table. */
export const copyEdges = async (tx: KuzuWriter, load: EdgeGroup, file: string): Promise<void> => {
  await tx.exec(`COPY ${load.kind} FROM '${quote(file)}' (from='${load.from}', to='${load.to}', ${CSV_COPY_OPTIONS})`);
};

/** Lets a Kuzu call queued from a promise callback reach Kuzu before this thread carries on. */
export const yieldToKuzu = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A write's resolved part: File and External rows, then the edges; `bulk` loads everything with
 * COPY, else only edge groups large enough to be worth a file.
 */
export const loadRest = async (tx: KuzuWriter, later: GraphWriteRest, staging: Staging, bulk: boolean): Promise<void> => {
  if (bulk) {
    // Kuzu works through a queue of loads while this thread writes the COPY files: the File
    // rows, the externals, then each edge group as soon as its file is written. Each step is
    // submitted from a promise callback, so the thread yields after each file.
    let loaded = createNodeTable(tx, "File", later.files, staging).then(() =>
      createNodeTable(tx, "External", later.externals, staging),
    );
    loaded.catch(() => undefined);
    await yieldToKuzu();
    try {
      for (const load of edgeGroups(later.edges, true)) {
        const file = staging.file(load.name);
        staging.write(() => writeEdgeCsv(file, load.edges));
        loaded = loaded.then(() => copyEdges(tx, load, file));
        loaded.catch(() => undefined);
        await yieldToKuzu();
      }
    } catch (e) {
      // The rollback must not reach Kuzu while a load is still running on the connection.
      await loaded.catch(() => undefined);
      throw e;
    }
    await loaded;
  } else {
    await createNodeTable(tx, "File", later.files, null);
    await createNodeTable(tx, "External", later.externals, null);
    for (const load of edgeGroups(later.edges, false)) {
      if (load.copy) {
        const file = staging.file(load.name);
        staging.write(() => writeEdgeCsv(file, load.edges));
        await copyEdges(tx, load, file);
      } else {
        await tx.execEach(
          `MATCH (a:${load.from} {id: $f}), (b:${load.to} {id: $t}) CREATE (a)-[:${load.kind} {line: $l}]->(b)`,
          load.edges.map((e) => ({ f: e.from, t: e.to, l: e.line })),
        );
      }
    }
  }
};
