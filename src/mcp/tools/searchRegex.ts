import * as Either from "effect/Either";
import * as Schema from "effect/Schema";
import { grepCode } from "../../queries/index.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import { chunkPathScope } from "./chunkPathScope.js";
import { notIndexedMessage } from "../../engine/index.js";
import { int, optionalText, text } from "./fields.js";

const Match = Schema.Struct({
  file: Schema.String,
  line: Schema.Number,
  text: Schema.String,
  before: Schema.Array(Schema.String),
  after: Schema.Array(Schema.String),
  block: Schema.Number,
});

export const searchRegexTool = defineTool({
  name: "search_regex",
  title: "Search code by regular expression",
  description:
    "Regex search over the indexed files, line by line, with context, paged: an identifier's uses, an error message. Example: {\"pattern\": \"raise \\\\w+Error\", \"path\": \"src/**/*.py\"}",
  toolset: "core",
  input: Schema.Struct({
    pattern: text("A JavaScript regular expression, matched line by line", 1_000),
    path: optionalText("Only this file, folder or glob"),
    fixed_strings: Schema.optionalWith(Schema.Boolean.annotations({ description: "Match the pattern as literal text", default: false }), { default: () => false }),
    ignore_case: Schema.optionalWith(Schema.Boolean.annotations({ description: "Ignore case" }), { default: () => false }),
    context: int("Lines of context", 0, 10, 1),
    page_size: int("Matches per page", 1, 200, 30),
    offset: int("Matches to skip (an answer's next_offset)", 0, 1_000_000, 0),
    max_response_tokens: int("Answer size cap in tokens", 500, 20_000, 6_000),
  }),
  output: Schema.Struct({
    matches: Schema.Array(Match),
    next_offset: Schema.NullOr(Schema.Number),
    truncated: Schema.Boolean,
    files_searched: Schema.Number,
  }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const chunks = await ctx.chunks();
    if (!chunks) throw toolError(notIndexedMessage(await ctx.indexState()));
    const scope = chunkPathScope(ctx.root, input.path, chunks, "search_regex");
    const result = await grepCode(chunks, {
      pattern: input.pattern,
      scope,
      pageSize: input.page_size,
      offset: input.offset,
      maxResponseTokens: input.max_response_tokens,
      context: input.context,
      fixedStrings: input.fixed_strings,
      ignoreCase: input.ignore_case,
      fixedStringsSwitch: "fixed_strings: true",
    });
    if (Either.isLeft(result)) throw toolError(result.left.message);
    const a = result.right;
    return { matches: a.matches, next_offset: a.nextOffset, truncated: a.truncated, files_searched: a.filesSearched };
  },
  render: (a, input) => {
    if (a.matches.length === 0) return `no lines match /${input.pattern}/ in ${a.files_searched} files`;
    const out: string[] = [];
    let block = -1;
    for (const m of a.matches) {
      // Context is merged as grep -C merges it: `--` only between blocks that do not touch.
      if (block !== -1 && m.block !== block) out.push("--");
      block = m.block;
      m.before.forEach((l, i) => out.push(`${m.file}-${m.line - m.before.length + i}-${l}`));
      out.push(`${m.file}:${m.line}:${m.text}`);
      m.after.forEach((l, i) => out.push(`${m.file}-${m.line + 1 + i}-${l}`));
    }
    if (a.next_offset !== null) out.push(`more matches: call again with offset ${a.next_offset}${a.truncated ? " (this page was cut at max_response_tokens)" : ""}`);
    return out.join("\n");
  },
});
