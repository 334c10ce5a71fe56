import * as Schema from "effect/Schema";
import { confinePath } from "../../config/index.js";
import { fileHistoryOf } from "../../queries/index.js";
import { defineTool, READ_ONLY, toolError, ToolError } from "../tool.js";
import type { ToolContext } from "../ToolContext.js";
import { resolveArgument } from "./codeGraphArguments.js";
import { resolutionNote, toResolution } from "./graphText.js";
import { requireGraph } from "./graphArguments.js";

export const NO_HISTORY =
  "No git history is recorded for this project. Nemesis reads it from git when it indexes: run `nemesis index` (or index_project) in a git repository. A directory without git, or a shallow clone, has none.";

const Input = Schema.Struct({
  target: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(1000)).annotations({
    description: "File path or symbol (Client.send, path:Symbol)",
  }),
  limit: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(1, 50)).annotations({ description: "Most commits listed", default: 10 }), {
    default: () => 10,
  }),
});

const Symbol = Schema.Struct({ name: Schema.String, kind: Schema.String, line: Schema.Number, end_line: Schema.Number });

const Commit = Schema.Struct({
  sha: Schema.String,
  /** Committer time, Unix seconds. */
  time: Schema.Number,
  author: Schema.String,
  subject: Schema.String,
  /** The file's path in this commit: an older name when the history followed a rename back. */
  path: Schema.String,
  status: Schema.String,
  /** The old path when this commit renamed or copied the file. */
  from: Schema.NullOr(Schema.String),
  /** Other files the commit changed (the first few by path). */
  files: Schema.Array(Schema.String),
  files_total: Schema.Number,
});

const Output = Schema.Struct({
  file: Schema.String,
  /** The symbol asked for, when it was one: its history is its file's. */
  symbol: Schema.NullOr(Symbol),
  /** How a symbol argument was matched, when it was not exactly. */
  notes: Schema.Array(Schema.String),
  /** Commits that touched the file under its current name. */
  total: Schema.Number,
  commits: Schema.Array(Commit),
});
type Output = typeof Output.Type;

interface Target {
  readonly file: string;
  readonly symbol: typeof Symbol.Type | null;
  readonly notes: ReadonlyArray<string>;
}

/**
 * The file whose history answers `text`: a path with recorded commits as it is (a deleted file or
 * one the graph does not parse has history too), else a symbol or file through symbol resolution.
 */
const targetOf = async (ctx: ToolContext, text: string, hasHistory: (path: string) => boolean): Promise<Target> => {
  const confined = confinePath(ctx.root, text);
  if (confined.ok && confined.path !== "" && hasHistory(confined.path)) return { file: confined.path, symbol: null, notes: [] };
  try {
    const resolved = await resolveArgument(ctx, await requireGraph(ctx), text);
    const node = resolved.node;
    if (node.path === null) throw toolError(`"${text}" is ${node.id}, outside the project: it has no history here. Name a file or symbol of the project.`);
    const symbol = node.kind === "File" ? null : { name: node.qualifiedName, kind: node.kind, line: node.startLine, end_line: node.endLine };
    return { file: node.path, symbol, notes: resolutionNote(toResolution(resolved), node) };
  } catch (e) {
    if (e instanceof ToolError) throw toolError(`No recorded commit touches "${text}". ${e.message}`);
    throw e;
  }
};

const day = (time: number): string => new Date(time * 1000).toISOString().slice(0, 10);

const commitLines = (c: typeof Commit.Type, file: string): string[] => {
  const renamed = c.from !== null ? ` (${c.status === "C" ? "copied" : "renamed"} from ${c.from})` : c.path !== file ? ` (as ${c.path})` : "";
  const lines = [`${day(c.time)} ${c.sha.slice(0, 10)} ${c.author}: ${c.subject}${renamed}`];
  const more = c.files_total - c.files.length;
  if (c.files.length > 0) lines.push(`  with: ${c.files.join(", ")}${more > 0 ? ` (+${more} more)` : ""}`);
  return lines;
};

export const getFileHistoryTool = defineTool({
  name: "get_file_history",
  title: "File history",
  description:
    "Why code is as it is: the git commits that touched a file or a symbol's file (by file, not line), newest first, with date, author, subject and the other files changed. Example: {\"target\": \"src/auth/session.ts\"}",
  toolset: "core",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx): Promise<Output> => {
    const history = await ctx.history();
    if (history === null) throw toolError(NO_HISTORY);
    const target = await targetOf(ctx, input.target, (path) => history.commitCount(path) > 0);
    const { commits, total } = fileHistoryOf(history, target.file, input.limit);
    return {
      file: target.file,
      symbol: target.symbol,
      notes: [...target.notes],
      total,
      commits: commits.map((c) => ({
        sha: c.sha,
        time: c.time,
        author: c.author,
        subject: c.subject,
        path: c.path,
        status: c.status,
        from: c.from,
        files: [...c.files],
        files_total: c.filesTotal,
      })),
    };
  },
  render: (out) => {
    const by = out.symbol === null ? "" : ` (by file: ${out.symbol.name} [${out.symbol.kind}] is lines ${out.symbol.line}–${out.symbol.end_line})`;
    const lines = [...out.notes];
    if (out.commits.length === 0) {
      lines.push(`No recorded commit touches ${out.file}${by}: it is new or uncommitted, or older than the history read (the [history] limits in .nemesis/config.toml).`);
      return lines.join("\n");
    }
    lines.push(`${out.file}: ${out.total} commit${out.total === 1 ? "" : "s"}, newest first${by}`);
    for (const c of out.commits) lines.push(...commitLines(c, out.file));
    const older = out.total - out.commits.filter((c) => c.path === out.file).length;
    if (older > 0) lines.push(`… ${older} older (raise limit, up to 50)`);
    return lines.join("\n");
  },
});
