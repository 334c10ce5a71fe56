// Dumps a project's read models as sorted text, through the databases' own libraries only,
// so the same script compares indexes built by two versions of the code.
// usage: node scripts/dump-read-models.mjs <project root> <out file>
// Two indexes of the same files are equal iff their dumps are (times, run records and the
// vector epoch are left out). Used to check that a refactor changes nothing stored.
import { createRequire } from "node:module";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const require = createRequire(import.meta.url);
const Database = require("better-sqlite3");
const kuzu = require("kuzu");
const lancedb = await import("@lancedb/lancedb");
const [root, out] = process.argv.slice(2);
const dir = join(root, ".nemesis");
const lines = [];
const VOLATILE = /(^|_)(at|time|when|position|positions|seq|created|updated|checkpoint|version_at)$|At$|Time$/i;
const dumpSqlite = (file, tag) => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'").pluck().all();
  for (const t of tables) {
    if (/_(data|idx|docsize|config|content)$/.test(t) || t === "index_runs" || t === "vector_changes") continue; // FTS shadow tables; run records
    let rows;
    try { rows = db.prepare(`SELECT * FROM "${t}"`).all(); } catch { continue; }
    for (const r of rows) {
      if (r.key === "vector_epoch") continue;
      const keep = Object.entries(r).filter(([k]) => !VOLATILE.test(k)).map(([k, v]) => `${k}=${Buffer.isBuffer(v) ? v.toString("base64") : JSON.stringify(v)}`);
      lines.push(`${tag} ${t} ${keep.join(" ")}`);
    }
  }
  db.close();
};
for (const f of ["catalog.db", "graphs.db", "history.db"]) if (existsSync(join(dir, f))) dumpSqlite(join(dir, f), f);
if (existsSync(join(dir, "chunks.lance", "keyword.db"))) dumpSqlite(join(dir, "chunks.lance", "keyword.db"), "keyword");
const g = new kuzu.Database(join(dir, "graph.kuzu"), 0, true, true);
const c = new kuzu.Connection(g);
const clean = (o) => JSON.stringify(Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith("_")).sort()));
for (const r of await (await c.query("MATCH (n) RETURN n")).getAll()) lines.push(`node ${r.n._label} ${clean(r.n)}`);
for (const r of await (await c.query("MATCH (a)-[r]->(b) RETURN r, a.id AS s, b.id AS d")).getAll()) lines.push(`edge ${r.r._label} ${r.s} -> ${r.d} ${clean(r.r)}`);
const ldb = await lancedb.connect(join(dir, "chunks.lance"));
for (const name of await ldb.tableNames()) {
  const t = await ldb.openTable(name);
  for (const r of await t.query().toArray()) {
    const o = {};
    for (const [k, v] of Object.entries(r)) o[k] = v && typeof v === "object" && "length" in v && typeof v !== "string" ? Buffer.from(Float32Array.from(v).buffer).toString("base64").slice(0, 40) : v;
    lines.push(`lance ${name} ${JSON.stringify(o, (k, v) => typeof v === "bigint" ? String(v) : v)}`);
  }
}
lines.sort();
writeFileSync(out, lines.join("\n") + "\n");
console.log(`${out}: ${lines.length} lines`);
process.exit(0);
