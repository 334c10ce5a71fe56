import * as Either from "effect/Either";
import * as Schema from "effect/Schema";
import { SOURCE_LANGUAGES } from "../../shared/index.js";
import { checkSearchQuery, fileLinksFrom, loadFileLinks, loadFileNeighbours, relatedFiles, searchCode } from "../../queries/index.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import { chunkPathScope } from "./chunkPathScope.js";
import { notIndexedMessage } from "../../engine/index.js";
import { int, optionalText, TASK_TEXT_MAX, text } from "./fields.js";

const Match = Schema.Struct({
  file: Schema.String,
  symbol: Schema.NullOr(Schema.String),
  kind: Schema.String,
  start_line: Schema.Number,
  end_line: Schema.Number,
  snippet: Schema.String,
  /** The line the snippet starts at (a match deep in a long symbol is shown from there). */
  snippet_line: Schema.Number,
  relevance: Schema.Number,
  related_files: Schema.Array(Schema.String),
});

export const getCodeSemanticsTool = defineTool({
  name: "get_code_semantics",
  title: "Search code by meaning",
  description:
    "Hybrid keyword + vector search for the functions, classes and files matching a description or identifiers, with snippets and each file's graph neighbours. Exact patterns: search_regex; names: search_nodes. Example: {\"query\": \"how are redirects followed\"}",
  toolset: "core",
  input: Schema.Struct({
    query: text("What to look for, in words or identifiers", TASK_TEXT_MAX),
    limit: int("Most results", 1, 50, 10),
    path: optionalText("Only this file, folder or glob"),
    language: Schema.optional(Schema.Literal(...SOURCE_LANGUAGES).annotations({ description: "Only this language" })),
  }),
  output: Schema.Struct({ matches: Schema.Array(Match) }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const query = checkSearchQuery(input.query);
    if (Either.isLeft(query)) throw toolError(query.left.message);
    const chunks = await ctx.chunks();
    if (!chunks) throw toolError(notIndexedMessage(await ctx.indexState()));
    const scope = chunkPathScope(ctx.root, input.path, chunks, "get_code_semantics");
    // Every file's links and imports, read once per graph change: asked per search, they were
    // a dozen graph scans per call.
    const links = await ctx.graphSnapshot(loadFileLinks);
    const answer = await searchCode(chunks, ctx.embedder(), input.query, {
      limit: input.limit,
      scope,
      language: input.language,
      links: links ? fileLinksFrom(links) : null,
    });
    const files = [...new Set(answer.hits.map((h) => h.file))];
    const neighbours = await ctx.graphSnapshot(loadFileNeighbours);
    const related = neighbours ? await relatedFiles(neighbours, files) : new Map<string, string[]>();
    const top = answer.hits[0]?.score ?? 1;
    return {
      matches: answer.hits.map((h) => ({
        file: h.file,
        symbol: h.symbol,
        kind: h.kind,
        start_line: h.startLine,
        end_line: h.endLine,
        snippet: h.snippet,
        snippet_line: h.snippetLine,
        relevance: top > 0 ? Math.round((h.score / top) * 1000) / 1000 : 0,
        related_files: related.get(h.file) ?? [],
      })),
    };
  },
  render: ({ matches }, input) => {
    if (matches.length === 0) return `no matches for "${input.query}"`;
    const out: string[] = [];
    for (const m of matches) {
      out.push(`${m.file}:${m.start_line}-${m.end_line} ${m.symbol ?? m.kind} (${m.kind}, relevance ${m.relevance.toFixed(2)})`);
      if (m.related_files.length > 0) out.push(`related: ${m.related_files.slice(0, 5).join(", ")}`);
      out.push(m.snippet, "");
    }
    return out.join("\n").trimEnd();
  },
  served: ({ matches }, input) => ({
    task: input.query,
    files: matches.map((m) => m.file),
    symbols: matches.flatMap((m) => (m.symbol === null ? [] : [m.symbol])),
    rules: [],
  }),
});
