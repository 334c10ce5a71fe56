import * as Either from "effect/Either";
import * as Schema from "effect/Schema";
import { SOURCE_LANGUAGES } from "../../shared/index.js";
import { checkSearchQuery, relatedFiles, searchCode } from "../../queries/index.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import { chunkPathScope } from "./chunkPathScope.js";
import { CHUNK_KINDS, notIndexedMessage } from "../../engine/index.js";
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
    "Keyword + vector search for the functions, classes and files matching a description or identifiers, with snippets and each file's graph neighbours. Exact patterns: search_regex; names: search_nodes. Example: {\"query\": \"how are redirects followed\"}",
  toolset: "core",
  input: Schema.Struct({
    query: text("What to look for, in words or identifiers", TASK_TEXT_MAX),
    limit: int("Most results", 1, 50, 10),
    path: optionalText("Only this file, folder or glob"),
    language: Schema.optional(Schema.Literal(...SOURCE_LANGUAGES).annotations({ description: "Only this language" })),
    // Listed in the description rather than as an enum, as search_nodes does: the list is cheaper in tools/list.
    kind: Schema.optional(Schema.String.pipe(Schema.maxLength(20)).annotations({ description: `Only this kind: ${CHUNK_KINDS.join(", ")}` })),
  }),
  output: Schema.Struct({
    matches: Schema.Array(Match),
    chunks_searched: Schema.Number,
    /** Chunks whose vectors are not computed yet: they are matched by keyword only. */
    chunks_without_vectors: Schema.Number,
    /** embedding.provider = "none": every chunk is matched by keyword only. */
    vectors_disabled: Schema.Boolean,
  }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const query = checkSearchQuery(input.query);
    if (Either.isLeft(query)) throw toolError(query.left.message);
    const kind = input.kind === undefined ? undefined : CHUNK_KINDS.find((k) => k.toLowerCase() === input.kind!.trim().toLowerCase());
    if (input.kind !== undefined && kind === undefined) throw toolError(`unknown kind "${input.kind}": the kinds are ${CHUNK_KINDS.join(", ")}`);
    const chunks = await ctx.chunks();
    if (!chunks) throw toolError(notIndexedMessage(await ctx.indexState()));
    const scope = chunkPathScope(ctx.root, input.path, chunks, "get_code_semantics");
    const links = await ctx.fileLinks();
    const answer = await searchCode(chunks, ctx.embedder(), input.query, {
      limit: input.limit,
      scope,
      language: input.language,
      kind,
      links,
    });
    const files = [...new Set(answer.hits.map((h) => h.file))];
    const neighbours = await ctx.fileNeighbours();
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
      chunks_searched: answer.chunks,
      chunks_without_vectors: answer.pendingVectors,
      vectors_disabled: chunks.vectorsDisabled(),
    };
  },
  render: ({ matches, chunks_without_vectors, vectors_disabled }, input) => {
    // Said because a miss may be a vector match not made: the agent then tries names or a regex.
    const keywordOnly = vectors_disabled
      ? "(keyword match only: embedding.provider is \"none\")"
      : chunks_without_vectors > 0
        ? `(${chunks_without_vectors} chunks still waiting for vectors: matched by keyword only)`
        : null;
    if (matches.length === 0) return [`no matches for "${input.query}"`, keywordOnly].filter(Boolean).join("\n");
    const out: string[] = [];
    for (const m of matches) {
      out.push(`${m.file}:${m.start_line}-${m.end_line} ${m.symbol ?? m.kind} (${m.kind}, relevance ${m.relevance.toFixed(2)})`);
      if (m.related_files.length > 0) out.push(`related: ${m.related_files.slice(0, 5).join(", ")}`);
      out.push(m.snippet, "");
    }
    if (keywordOnly !== null) out.push(keywordOnly);
    return out.join("\n").trimEnd();
  },
  served: ({ matches }, input) => ({
    task: input.query,
    files: matches.map((m) => m.file),
    symbols: matches.flatMap((m) => (m.symbol === null ? [] : [m.symbol])),
    rules: [],
  }),
});
