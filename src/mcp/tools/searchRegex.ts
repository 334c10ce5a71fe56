import * as Either from "effect/Either";
import * as Schema from "effect/Schema";
import { grepCode } from "../../queries/grep/grepCode.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import { int, optionalText, text } from "./fields.js";

const Match = Schema.Struct({
  file: Schema.String,
  line: Schema.Number,
  text: Schema.String,
  before: Schema.Array(Schema.String),
  after: Schema.Array(Schema.String),
});

export const searchRegexTool = defineTool({
  name: "search_regex",
  title: "Search code by regular expression",
  description:
    "Regular-expression search over the indexed files, line by line, with context lines; paged and capped in tokens, and a runaway pattern is stopped after 2 s. Use it for exact text (an identifier's uses, an error message, a TODO); use get_code_semantics to search by meaning. Example: {\"pattern\": \"raise \\\\w+Error\", \"path\": \"src/**/*.py\"}",
  toolset: "core",
  input: Schema.Struct({
    pattern: text("A JavaScript regular expression, matched line by line", 1_000),
    path: optionalText("Only files matching this glob"),
    page_size: int("Matches per page", 1, 200, 30),
    offset: int("Skip this many matches (from a previous answer's next_offset)", 0, 1_000_000, 0),
    max_response_tokens: int("Cap on the answer's size in tokens", 500, 20_000, 6_000),
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
    if (!chunks) throw toolError("nothing is indexed yet: call index_project first");
    const result = await grepCode(chunks, {
      pattern: input.pattern,
      path: input.path,
      pageSize: input.page_size,
      offset: input.offset,
      maxResponseTokens: input.max_response_tokens,
      context: 1,
    });
    if (Either.isLeft(result)) throw toolError(result.left.message);
    const a = result.right;
    return { matches: a.matches, next_offset: a.nextOffset, truncated: a.truncated, files_searched: a.filesSearched };
  },
  render: (a, input) => {
    if (a.matches.length === 0) return `no lines match /${input.pattern}/ in ${a.files_searched} files`;
    const out: string[] = [];
    let last: { file: string; line: number } | null = null;
    for (const m of a.matches) {
      const first = m.line - m.before.length;
      // Blocks that touch are printed as one, as grep does.
      const joins = last !== null && last.file === m.file && first <= last.line + 1;
      if (last !== null && !joins) out.push("--");
      const skip = joins ? Math.max(0, last!.line + 1 - first) : 0;
      m.before.slice(skip).forEach((l, i) => out.push(`${m.file}-${first + skip + i}-${l}`));
      out.push(`${m.file}:${m.line}:${m.text}`);
      m.after.forEach((l, i) => out.push(`${m.file}-${m.line + 1 + i}-${l}`));
      last = { file: m.file, line: m.line + m.after.length };
    }
    if (a.next_offset !== null) out.push(`more matches: call again with offset ${a.next_offset}${a.truncated ? " (this page was cut at max_response_tokens)" : ""}`);
    return out.join("\n");
  },
});
