import type { Command } from "commander";
import * as Either from "effect/Either";
import { checkSearchQuery, FILE_PRIORS, RRF_K } from "../../queries/index.js";
import { CHUNK_KINDS } from "../../engine/index.js";
import { SOURCE_LANGUAGES } from "../../shared/index.js";
import { askTool, checkToolArguments } from "../askTool.js";
import { choiceOption } from "../choiceOption.js";
import { withProject } from "../context.js";
import { usageError } from "../errors.js";
import { intOption } from "../intOption.js";
import { printJsonLines } from "../output.js";
import { importGetCodeSemantics } from "../../mcp/lazy.js";

interface SearchFlags {
  limit: number;
  json?: boolean;
  path?: string;
  language?: string;
  kind?: string;
  related?: boolean;
}

const SCORE_HELP = `
Score (in parentheses; "score" in --json): how a hit ranks against the best hit of this
search (1 = the best), for ordering only. Hits are ranked by reciprocal rank fusion: every
ranking a hit appears in adds weight / (${RRF_K} + its rank there). Files are ranked by
keyword match over the whole file and by their best chunk (and weakly as graph neighbours
of the best files); chunks by keyword match and by vector similarity. Tests score
x${FILE_PRIORS.test}, examples and docs x${FILE_PRIORS.aux}, unless the query asks for them. A hit scores its
file's score plus a tenth of its chunk's. It is neither a similarity nor a probability.
`;

/** `nemesis search`: the get_code_semantics tool, printed for a terminal. */
export const registerSearch = (program: Command): void => {
  program
    .command("search")
    .description("hybrid keyword + vector search over the indexed code, ranked by file and symbol")
    .argument("<text...>", "what to look for, in words or identifiers")
    .option("--limit <n>", "most results (1..50)", intOption("--limit", 1), 10)
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
      const { getCodeSemanticsTool } = await importGetCodeSemantics();
      const args = {
        query: text,
        limit: options.limit,
        ...(options.path !== undefined ? { path: options.path } : {}),
        ...(options.language !== undefined ? { language: options.language } : {}),
        ...(options.kind !== undefined ? { kind: options.kind } : {}),
      };
      checkToolArguments(getCodeSemanticsTool, args);
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const started = performance.now();
        const { value: answer, freshness, engine } = await askTool(ctx, getCodeSemanticsTool, args);
        const tookMs = Math.round(performance.now() - started);
        const { matches } = answer;
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
          return;
        }
        const out: string[] = [];
        const shown = new Set<string>();
        for (const m of matches) {
          out.push(`${m.file}:${m.start_line}-${m.end_line}  ${m.symbol ?? m.kind}  (${m.relevance.toFixed(3)})`);
          if (options.related && m.related_files.length > 0 && !shown.has(m.file)) out.push(`  related: ${m.related_files.join(", ")}`);
          shown.add(m.file);
          out.push(...m.snippet.split("\n").map((l, i) => `  ${String(m.snippet_line + i).padStart(5)}│ ${l}`));
        }
        if (matches.length === 0) out.push(`no matches for "${text}"`);
        const notes = [`${answer.chunks_searched.toLocaleString("en-US")} chunks searched in ${tookMs} ms${engine === null ? "" : " by the running engine"}`];
        if (answer.chunks_without_vectors > 0) notes.push(`${answer.chunks_without_vectors} chunks still waiting for vectors (keyword match only)`);
        if (answer.vectors_disabled) notes.push("vectors: disabled (embedding.provider = \"none\"): keyword match only");
        if (freshness !== null) notes.push(freshness);
        out.push("", notes.join("; "));
        process.stdout.write(`${out.join("\n")}\n`);
      });
    });
};
