import type { Command } from "commander";
import { realpathSync } from "node:fs";
import type { NemesisPaths } from "../../config/index.js";
import * as Either from "effect/Either";
import { pathScope, checkSearchQuery, FILE_PRIORS, RRF_K, searchCode, TOP_SCORE } from "../../queries/index.js";
import { CHUNK_KINDS, oneShotQueries } from "../../engine/index.js";
import { withProject } from "../context.js";
import { SOURCE_LANGUAGES } from "../../shared/index.js";
import { choiceOption } from "../choiceOption.js";
import { CliError, usageError } from "../errors.js";
import { intOption } from "../intOption.js";
import { printJsonLines } from "../output.js";
import { noChunksMessage } from "./ensureChunksCurrent.js";
import { importFileLinks, importRelatedFiles } from "../../queries/lazy.js";

interface SearchFlags {
  limit: number;
  json?: boolean;
  path?: string;
  language?: string;
  kind?: string;
  related?: boolean;
}

const SCORE_HELP = `
Score (in parentheses; "score" in --json): reciprocal rank fusion, for ordering only.
Every ranking a hit appears in adds weight / (${RRF_K} + its rank there). Files are ranked
by keyword match over the whole file and by their best chunk (and weakly as graph
neighbours of the best files); chunks by keyword match and by vector similarity. Tests
score x${FILE_PRIORS.test}, examples and docs x${FILE_PRIORS.aux}, unless the query asks for them. A hit
scores its file's score plus a tenth of its chunk's. Higher is better; it is neither a
similarity nor a probability and compares only hits of one search (first in every
ranking: ${TOP_SCORE}).
`;

interface EngineMatch {
  file: string;
  symbol: string | null;
  kind: string;
  start_line: number;
  end_line: number;
  snippet: string;
  snippet_line: number;
  relevance: number;
  related_files: string[];
}

/**
 * While `nemesis serve` owns the project, its engine holds the graph this search ranks with:
 * ask it rather than rank by text alone. False when no engine answers (the caller searches).
 * `--kind` has no tool argument, so such a search reads the chunks itself.
 */
const searchThroughEngine = async (paths: NemesisPaths, text: string, options: SearchFlags): Promise<boolean> => {
  const { callRunningEngine } = await import("../runningEngine.js");
  const answer = await callRunningEngine(paths, "get_code_semantics", {
    query: text,
    limit: options.limit,
    ...(options.path !== undefined ? { path: options.path } : {}),
    ...(options.language !== undefined ? { language: options.language } : {}),
  });
  if (answer === null) return false;
  if (!answer.ok) throw new CliError(answer.message.replace(/^invalid arguments for get_code_semantics: path/, "--path"), answer.message.startsWith("invalid arguments") ? 2 : 1);
  const matches = answer.value.matches as EngineMatch[];
  if (options.json) {
    printJsonLines(
      matches.map((m) => ({
        file: m.file,
        symbol: m.symbol,
        kind: m.kind,
        startLine: m.start_line,
        endLine: m.end_line,
        score: m.relevance,
        snippet: m.snippet,
        ...(options.related ? { related: m.related_files } : {}),
      })),
    );
    return true;
  }
  const out: string[] = [];
  const shown = new Set<string>();
  for (const m of matches) {
    out.push(`${m.file}:${m.start_line}-${m.end_line}  ${m.symbol ?? m.kind}  (${m.relevance.toFixed(4)})`);
    if (options.related && m.related_files.length > 0 && !shown.has(m.file)) out.push(`  related: ${m.related_files.join(", ")}`);
    shown.add(m.file);
    out.push(...m.snippet.split("\n").map((l, i) => `  ${String(m.snippet_line + i).padStart(5)}│ ${l}`));
  }
  if (matches.length === 0) out.push(`no matches for "${text}"`);
  const freshness = answer.value.freshness;
  out.push("", `answered by the running engine (scores relative to the best hit)${typeof freshness === "string" ? `; ${freshness}` : ""}`);
  process.stdout.write(`${out.join("\n")}\n`);
  return true;
};

export const registerSearch = (program: Command): void => {
  program
    .command("search")
    .description("hybrid keyword + vector search over the indexed code, ranked by file and symbol")
    .argument("<text...>", "what to look for, in words or identifiers")
    .option("--limit <n>", "most results", intOption("--limit", 1), 10)
    .option("--json", "one JSON object per line: file, symbol, kind, startLine, endLine, score, snippet")
    .option("--path <path>", "only this file, folder or glob (e.g. src/api or 'src/**/*.ts')")
    .option("--language <name>", `only this language (${SOURCE_LANGUAGES.join(", ")})`, choiceOption("--language", SOURCE_LANGUAGES))
    .option("--kind <kind>", `only chunks of this symbol kind (${CHUNK_KINDS.join(", ")})`, choiceOption("--kind", CHUNK_KINDS))
    .option("--related", "also list each file's graph neighbours (what it imports and what imports it)")
    .addHelpText("after", SCORE_HELP)
    .action(async (words: string[], options: SearchFlags, cmd: Command) => {
      const checked = checkSearchQuery(words.join(" "));
      if (Either.isLeft(checked)) throw usageError(checked.left.message);
      const text = checked.right;
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        if (options.kind === undefined && options.limit <= 50 && (await searchThroughEngine(ctx.paths, text, options))) return;
        const reads = oneShotQueries(ctx);
        try {
          const reader = await reads.chunks();
          if (!reader) throw new CliError(noChunksMessage(ctx.paths));
          const scope = pathScope(realpathSync(ctx.paths.root), options.path, () => reader.paths().values(), "--path");
          if (Either.isLeft(scope)) throw usageError(scope.left);
          const graph = await reads.graph();
          const { graphFileLinks } = await importFileLinks();
          const answer = await searchCode(reader, reads.embedder(), text, {
            limit: options.limit,
            scope: scope.right,
            language: options.language,
            kind: options.kind,
            links: graph ? graphFileLinks(graph) : null,
          });
          const files = [...new Set(answer.hits.map((h) => h.file))];
          const { relatedFiles } = await importRelatedFiles();
          const neighbours = options.related ? await reads.fileNeighbours() : null;
          const related = neighbours ? await relatedFiles(neighbours, files) : null;
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
          if (reader.vectorsDisabled()) notes.push("vectors: disabled (embedding.provider = \"none\"): keyword match only");
          out.push("", notes.join("; "));
          process.stdout.write(`${out.join("\n")}\n`);
        } finally {
          await reads.close();
        }
      });
    });
};
