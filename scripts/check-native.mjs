// Fails loudly when a native module did not build or load for this Node version: these are
// the dependencies a plain `npm install` most often gets wrong.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const checks = {
  "better-sqlite3": () => {
    const Database = require("better-sqlite3");
    const db = new Database(":memory:");
    db.exec("CREATE VIRTUAL TABLE t USING fts5(x)");
    db.close();
  },
  kuzu: async () => {
    const kuzu = require("kuzu");
    const db = new kuzu.Database(":memory:");
    const conn = new kuzu.Connection(db);
    const r = await conn.query("RETURN 1 AS one");
    await r.getAll();
  },
  "@lancedb/lancedb": async () => {
    const lancedb = await import("@lancedb/lancedb");
    if (typeof lancedb.connect !== "function") throw new Error("connect missing");
  },
  "tree-sitter": () => {
    const Parser = require("tree-sitter");
    const grammars = {
      typescript: require("tree-sitter-typescript").typescript,
      tsx: require("tree-sitter-typescript").tsx,
      javascript: require("tree-sitter-javascript"),
      python: require("tree-sitter-python"),
      go: require("tree-sitter-go"),
      rust: require("tree-sitter-rust"),
      java: require("tree-sitter-java"),
      c: require("tree-sitter-c"),
      cpp: require("tree-sitter-cpp"),
      csharp: require("tree-sitter-c-sharp"),
      ruby: require("tree-sitter-ruby"),
      php: require("tree-sitter-php").php,
      kotlin: require("tree-sitter-kotlin"),
    };
    for (const [name, lang] of Object.entries(grammars)) {
      const p = new Parser();
      p.setLanguage(lang);
      if (!p.parse("x").rootNode) throw new Error(`${name} grammar did not parse`);
    }
  },
};
// Optional (the server runs without it), but on glibc Linux, where CI runs, it must work: without
// it a long-running server keeps each burst's freed native memory (src/shared/trimNativeMemory.ts).
if (process.platform === "linux" && process.report.getReport().header.glibcVersionRuntime) {
  checks.koffi = () => {
    const trim = require("koffi").load("libc.so.6").func("int malloc_trim(size_t pad)");
    if (typeof trim(0) !== "number") throw new Error("malloc_trim answered no number");
  };
}

let failed = false;
for (const [name, check] of Object.entries(checks)) {
  try {
    await check();
    console.log(`native ok: ${name}`);
  } catch (e) {
    failed = true;
    console.error(`native module ${name} failed to load: ${e.message}`);
  }
}
process.exit(failed ? 1 : 0);
