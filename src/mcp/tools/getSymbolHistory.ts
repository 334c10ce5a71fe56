import * as Schema from "effect/Schema";
import { loggedSymbol, readSymbolHistory } from "../../engine/index.js";
import { renderSymbolHistory, staleText } from "../../queries/index.js";
import { countTokens } from "../capText.js";
import { defineTool, READ_ONLY, toolError, ToolError } from "../tool.js";
import type { ToolContext } from "../ToolContext.js";
import { resolveArgument } from "./codeGraphArguments.js";
import { int, text } from "./fields.js";
import { requireGraph } from "./graphArguments.js";
import { resolutionNote, toResolution } from "./graphText.js";

const Input = Schema.Struct({
  symbol: text("Symbol (parseConfig, Client.send, path:Symbol; path:Symbol also for a removed one)", 1_000),
  max_tokens: int("Token budget of the answer", 200, 20_000, 2_000),
});

const Writer = Schema.Struct({ source: Schema.String, session: Schema.NullOr(Schema.String), actor: Schema.NullOr(Schema.String), pull: Schema.NullOr(Schema.String) });

const Output = Schema.Struct({
  symbol: Schema.Struct({
    name: Schema.String,
    qualified_name: Schema.String,
    kind: Schema.String,
    path: Schema.String,
    start_line: Schema.Number,
    end_line: Schema.Number,
    present: Schema.Boolean,
  }),
  notes: Schema.Array(Schema.String),
  versions: Schema.Array(
    Schema.Struct({
      change: Schema.Literal("added", "changed", "removed"),
      what: Schema.Array(Schema.String),
      position: Schema.Number,
      at: Schema.String,
      kind: Schema.String,
      signature: Schema.String,
      start_line: Schema.Number,
      end_line: Schema.Number,
      by: Writer,
      commit: Schema.NullOr(Schema.Struct({ sha: Schema.String, subject: Schema.String, how: Schema.Literal("checkout", "pull") })),
      file_deleted: Schema.Boolean,
      /** The file's path then (an older name, before a rename). */
      path: Schema.String,
    }),
  ),
  moves: Schema.Array(Schema.Struct({ from: Schema.String, to: Schema.String, position: Schema.Number, at: Schema.String })),
  memory: Schema.Array(
    Schema.Struct({
      memory: Schema.Literal("rule", "decision"),
      id: Schema.String,
      text: Schema.String,
      ref: Schema.String,
      via: Schema.Literal("symbol", "name", "file"),
      stale: Schema.NullOr(Schema.String),
    }),
  ),
});

interface Target {
  readonly path: string;
  /** The parser's id in the file (the qualified name, `#2` for a redefinition). */
  readonly id: string;
  readonly name: string;
  readonly qualifiedName: string;
  readonly kind: string | null;
  readonly lines: { readonly start: number; readonly end: number } | null;
  readonly notes: ReadonlyArray<string>;
}

const REMOVED_HINT = "A removed symbol is still in the log: name it with its file, as path:Symbol (get_changes_since lists removed symbols).";

/** `path:Symbol` as the log holds it: found also once removed. */
const fromLog = (ctx: ToolContext, text: string): Target | null => {
  const found = loggedSymbol(ctx.log, text);
  if (found === null) return null;
  const name = found.id.replace(/#\d+$/, "");
  return { path: found.path, id: found.id, name: name.slice(name.lastIndexOf(".") + 1), qualifiedName: name, kind: null, lines: null, notes: [] };
};

/** The symbol a name means: `path:Symbol` from the log first, else resolved through the graph as every symbol tool resolves names. */
const targetOf = async (ctx: ToolContext, text: string): Promise<Target> => {
  const logged = fromLog(ctx, text);
  if (logged !== null) return logged;
  try {
    const resolved = await resolveArgument(ctx, await requireGraph(ctx), text);
    const node = resolved.node;
    if (node.table === "File") throw toolError(`"${text}" is the file ${node.path}: a history is a symbol's. Name one of its symbols (query_file_symbols lists them), or ask get_file_history for the file's commits.`);
    if (node.path === null || node.table !== "Symbol") throw toolError(`"${text}" is ${node.id}, outside the project: it has no history here. Name a symbol of the project.`);
    const prefix = `s:${node.path}#`;
    const id = node.id.startsWith(prefix) ? node.id.slice(prefix.length) : node.qualifiedName;
    return {
      path: node.path,
      id,
      name: node.name,
      qualifiedName: node.qualifiedName,
      kind: node.kind,
      lines: { start: node.startLine, end: node.endLine },
      notes: resolutionNote(toResolution(resolved), node),
    };
  } catch (e) {
    if (e instanceof ToolError && !e.message.startsWith(`"${text}" is `)) throw toolError(`${e.message}\n${REMOVED_HINT}`);
    throw e;
  }
};

export const getSymbolHistoryTool = defineTool({
  name: "get_symbol_history",
  title: "Symbol history",
  description:
    "Agent blame: each version of a symbol from the log, newest first (when it changed, its signature and lines, and who changed it: a hook session, the watcher, a commit), with the rules and decisions linked to it, stale ones flagged. Example: {\"symbol\": \"parseConfig\"}",
  toolset: "history",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx): Promise<typeof Output.Type> => {
    const target = await targetOf(ctx, input.symbol);
    const history = await ctx.history();
    const commits = history === null ? [] : history.fileHistory(target.path, 50).map((c) => ({ sha: c.sha, subject: c.subject, time: c.time }));
    const found = readSymbolHistory(ctx.log, { path: target.path, id: target.id, name: target.name, qualifiedName: target.qualifiedName }, commits);
    const last = found.versions[found.versions.length - 1];
    const now = Date.now();
    return {
      symbol: {
        name: target.name,
        qualified_name: target.qualifiedName,
        kind: target.kind ?? last?.kind ?? "Symbol",
        path: target.path,
        start_line: target.lines?.start ?? last?.startLine ?? 0,
        end_line: target.lines?.end ?? last?.endLine ?? 0,
        present: target.lines !== null || (last !== undefined && last.change !== "removed"),
      },
      notes: [...target.notes],
      versions: found.versions.map((v) => ({
        change: v.change,
        what: [...v.what],
        position: v.position,
        at: v.at,
        kind: v.kind,
        signature: v.signature,
        start_line: v.startLine,
        end_line: v.endLine,
        by: v.by,
        commit: v.commit === null ? null : { sha: v.commit.sha, subject: v.commit.subject, how: v.commit.how },
        file_deleted: v.fileDeleted,
        path: v.path,
      })),
      moves: found.moves.map((m) => ({ ...m })),
      memory: found.memory.map((m) => ({
        memory: m.entry.memory,
        id: m.entry.id,
        text: m.entry.text,
        ref: m.ref,
        via: m.via,
        stale: m.flag === null || m.target === null ? null : staleText(m.target, m.flag, now),
      })),
    };
  },
  render: (out, input) => renderSymbolHistory(out, { maxTokens: input.max_tokens, count: countTokens }),
});
