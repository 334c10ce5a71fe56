/**
 * Parse throughput: raw tree-sitter parse vs parse + extraction vs the full parseSource (with
 * chunking), in MB of UTF-8 per second of CPU time (CPU time, because wall time on a shared
 * machine measures the neighbours). Run: npx vite-node test/parse/benchParse.ts <files…>
 */
import { readFileSync } from "node:fs";
import { chunkFile } from "../../src/parse/chunk/index.js";
import { fastCollectionActive } from "../../src/parse/collectNodes.js";
import { detectLanguage, isSourceLanguage } from "../../src/parse/languages.js";
import { parseSource } from "../../src/parse/parseSource.js";
import { runParser } from "../../src/parse/runParser.js";

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const ROUNDS = 3;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, "utf8");
  const language = detectLanguage(file);
  if (language === null || !isSourceLanguage(language)) continue;
  const mb = Buffer.byteLength(text) / 1e6;
  parseSource({ path: file, text: text.slice(0, 50_000), contentHash: "warm", budgetMs: 1e9 });
  let parse = Infinity;
  let full = Infinity;
  let chunk = Infinity;
  let summary = "";
  for (let round = 0; round < ROUNDS; round++) {
    let t = cpuMs();
    const tree = runParser(language, text, Infinity, 1e9);
    parse = Math.min(parse, cpuMs() - t);
    t = cpuMs();
    const outcome = parseSource({ path: file, text, contentHash: "bench", budgetMs: 1e9 });
    full = Math.min(full, cpuMs() - t);
    if (!outcome.ok || !tree.ok) throw new Error(outcome.ok ? "parse failed" : outcome.reason);
    t = cpuMs();
    chunkFile({ root: tree.tree.rootNode, text, language, symbols: outcome.result.symbols });
    chunk = Math.min(chunk, cpuMs() - t);
    const r = outcome.result;
    summary = `${r.symbols.length} symbols, ${r.references.length} refs, ${r.chunks.length} chunks`;
  }
  const extract = full - chunk;
  const rate = (ms: number) => (mb / (ms / 1000)).toFixed(2).padStart(6);
  console.log(
    `${file.split("/").pop()!.padEnd(22)} ${mb.toFixed(2)} MB | parse ${rate(parse)} MB/s | parse+extract ${rate(extract)} MB/s (${((parse / extract) * 100).toFixed(0)}%) | full ${rate(full)} MB/s (${((parse / full) * 100).toFixed(0)}%) | ${summary}`,
  );
}
console.log(`fast node collection: ${fastCollectionActive()}`);
