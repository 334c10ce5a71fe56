import { Connection, Database } from "kuzu";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CSV_COPY_OPTIONS, writeCsv, writeEdgeCsv } from "../../../src/projections/graph/writeCsv.js";
import { tempDir } from "../../helpers.js";

let cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const TRICKY = [
  "plain",
  "a,b",
  'q"uote',
  "back\\slash",
  'back\\"q',
  "line\nbreak",
  "cr\r\nlf",
  " spaced ",
  "tab\there",
  "é∑😀",
  '"',
  "\\",
  "trailing\\",
  '{"a":"b\\"c"}',
  "'single'",
  '"starts with a quote',
  "ctrl\x01char",
];

const readAll = async (conn: Connection, cypher: string) => {
  const r = await conn.query(cypher);
  const result = Array.isArray(r) ? r[0]! : r;
  try {
    return await result.getAll();
  } finally {
    result.close();
  }
};

describe("writeCsv", () => {
  it("round-trips awkward strings and nulls through Kuzu's COPY with our options", async () => {
    const t = tempDir("nemesis-csv-");
    cleanups.push(t.cleanup);
    const db = new Database(join(t.dir, "g.kuzu"), 64 * 1024 * 1024);
    const conn = new Connection(db);
    cleanups.push(async () => {
      await conn.close();
      await db.close();
    });
    await readAll(conn, "CREATE NODE TABLE T(id STRING, v STRING, n INT64, PRIMARY KEY(id))");
    await readAll(conn, "CREATE REL TABLE R(FROM T TO T, line INT64)");
    const rows = [...TRICKY.map((v, n) => ({ id: `id ${v}`, v, n })), { id: "none", v: null, n: null }];
    const nodes = join(t.dir, "t.csv");
    writeCsv(nodes, ["id", "v", "n"], rows);
    await readAll(conn, `COPY T FROM '${nodes}' (${CSV_COPY_OPTIONS}, PARALLEL=false)`);
    const edges = join(t.dir, "r.csv");
    writeEdgeCsv(edges, [{ kind: "CALLS", from: "id a,b", to: 'id q"uote', line: 7 }]);
    await readAll(conn, `COPY R FROM '${edges}' (${CSV_COPY_OPTIONS})`);

    const stored = await readAll(conn, "MATCH (t:T) RETURN t.id AS id, t.v AS v, t.n AS n ORDER BY t.id");
    expect(stored).toEqual([...rows].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(await readAll(conn, "MATCH (a:T)-[r:R]->(b:T) RETURN a.v AS a, b.v AS b, r.line AS line")).toEqual([
      { a: "a,b", b: 'q"uote', line: 7 },
    ]);
  });

  it("writes the same bytes as a plain string build across buffer flushes, multi-byte text and fields over 1 MB", () => {
    const t = tempDir("nemesis-csv-");
    cleanups.push(t.cleanup);
    // Fields of every length around the 1 MB buffer, so flushes fall inside rows and inside a
    // multi-byte character's room; one field far larger than the buffer goes out on its own.
    const huge = "😀é".repeat(400_000);
    const rows = Array.from({ length: 30_000 }, (_, i) => ({ id: `s${i}`, v: i % 997 === 0 ? huge.slice(0, i * 7) : `${TRICKY[i % TRICKY.length]}${"∑".repeat(i % 50)}`, n: i % 5 === 0 ? null : i }));
    rows.push({ id: "huge", v: huge, n: 1 });
    const file = join(t.dir, "big.csv");
    writeCsv(file, ["id", "v", "n"], rows);
    const field = (v: string | number | null) =>
      v === null ? "" : typeof v === "number" ? String(v) : v === "" || /[",\n\r\\]|^\s|\s$/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
    const expected = rows.map((r) => `${field(r.id)},${field(r.v)},${field(r.n)}\n`).join("");
    // Bytes, not text: a lone surrogate (a cut emoji) becomes U+FFFD either way and reads back as such.
    expect(readFileSync(file).equals(Buffer.from(expected, "utf8"))).toBe(true);

    const edges = Array.from({ length: 60_000 }, (_, i) => ({ kind: "CALLS" as const, from: `sym:é/${i}`, to: i % 3 ? `sym:${"x".repeat(i % 300)}` : 'q"uote', line: i }));
    const edgeFile = join(t.dir, "edges.csv");
    writeEdgeCsv(edgeFile, edges);
    expect(readFileSync(edgeFile).equals(Buffer.from(edges.map((e) => `${field(e.from)},${field(e.to)},${e.line}\n`).join(""), "utf8"))).toBe(true);
  });
});
