import type { Command } from "commander";
import { projectEmbedder } from "../../projections/chunks/projectEmbedder.js";
import { searchCode } from "../../queries/search/searchCode.js";
import { withProject } from "../context.js";
import { CliError, usageError } from "../errors.js";
import { printJsonLines } from "../output.js";
import { openCurrentChunks } from "./ensureChunksCurrent.js";

interface SearchFlags {
  limit: string;
  json?: boolean;
  path?: string;
  language?: string;
  kind?: string;
  related?: boolean;
}

/** Graph neighbours of the answer's files, or null when the graph is absent or owned by a running engine. */
const neighboursOf = async (graphPath: string, lockPath: string, files: string[]): Promise<Map<string, string[]> | null> => {
  const { existsSync } = await import("node:fs");
  if (!existsSync(graphPath)) return null;
  const { engineLockHolder } = await import("../../engine/index.js");
  if (engineLockHolder(lockPath) !== null) return null;
  const { GraphReader } = await import("../../projections/graph/index.js");
  const { relatedFiles } = await import("../../queries/search/relatedFiles.js");
  const graph = await GraphReader.openReadOnly(graphPath);
  try {
    return await relatedFiles(graph, files);
  } finally {
    await graph.close();
  }
};

export const registerSearch = (program: Command): void => {
  program
    .command("search")
    .description("hybrid keyword + vector search over the indexed code, ranked by file and symbol")
    .argument("<text...>", "what to look for, in words or identifiers")
    .option("--limit <n>", "most results", "10")
    .option("--json", "one JSON object per line: file, symbol, kind, startLine, endLine, score, snippet")
    .option("--path <glob>", "only files matching this glob (e.g. 'src/**/*.ts')")
    .option("--language <name>", "only this language (typescript, python, go, …)")
    .option("--kind <kind>", "only chunks of this symbol kind (Function, Class, Method, Module, …)")
    .option("--related", "also list each file's graph neighbours (what it imports and what imports it)")
    .action(async (words: string[], options: SearchFlags, cmd: Command) => {
      const limit = Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1) throw usageError("--limit takes a positive integer");
      const text = words.join(" ");
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const reader = await openCurrentChunks(ctx);
        if (!reader) throw new CliError("nothing is indexed yet: run `nemesis index` first");
        try {
          const project = projectEmbedder(ctx.paths, ctx.config);
          const answer = await searchCode(reader, project.embedder, text, {
            limit,
            path: options.path,
            language: options.language,
            kind: options.kind,
          }).finally(() => project.close());
          const files = [...new Set(answer.hits.map((h) => h.file))];
          const related = options.related ? await neighboursOf(ctx.paths.graph, ctx.paths.lock, files) : null;
          if (options.json) {
            printJsonLines(
              answer.hits.map((h) => ({
                file: h.file,
                symbol: h.symbol,
                kind: h.kind,
                startLine: h.startLine,
                endLine: h.endLine,
                score: h.score,
                snippet: h.snippet,
                ...(related ? { related: related.get(h.file) ?? [] } : {}),
              })),
            );
            return;
          }
          const out: string[] = [];
          const shown = new Set<string>();
          for (const h of answer.hits) {
            out.push(`${h.file}:${h.startLine}-${h.endLine}  ${h.symbol ?? h.kind}  (${h.score.toFixed(4)})`);
            const near = related?.get(h.file);
            if (near && near.length > 0 && !shown.has(h.file)) out.push(`  related: ${near.join(", ")}`);
            shown.add(h.file);
            out.push(...h.snippet.split("\n").map((l, i) => `  ${String(h.snippetLine + i).padStart(5)}│ ${l}`));
          }
          if (answer.hits.length === 0) out.push(`no matches for "${text}"`);
          const notes = [`${answer.chunks.toLocaleString("en-US")} chunks searched in ${answer.tookMs} ms`];
          if (options.related && related === null) notes.push("related files unavailable (no graph yet, or a running engine owns it)");
          if (answer.pendingVectors > 0) notes.push(`${answer.pendingVectors} chunks still waiting for vectors (keyword match only)`);
          out.push("", notes.join("; "));
          process.stdout.write(`${out.join("\n")}\n`);
        } finally {
          reader.close();
        }
      });
    });
};
