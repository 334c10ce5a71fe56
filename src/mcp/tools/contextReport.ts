import * as Schema from "effect/Schema";
import { readContextReport } from "../../engine/index.js";
import { contextReport, renderContextReport } from "../../queries/index.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import { optionalText } from "./fields.js";

const Share = Schema.Struct({ hits: Schema.Number, of: Schema.Number });

const Output = Schema.Struct({
  from: Schema.Struct({ position: Schema.Number, label: Schema.String, at: Schema.NullOr(Schema.String) }),
  to: Schema.Number,
  overall: Schema.Struct({ recall: Share, precision: Share, answers: Schema.Number, tokens: Schema.Number, sessions: Schema.Number }),
  sessions: Schema.Array(
    Schema.Struct({
      session: Schema.String,
      client: Schema.String,
      at: Schema.NullOr(Schema.String),
      also: Schema.Array(Schema.String),
      recall: Share,
      precision: Share,
      missed: Schema.Array(Schema.String),
      answers: Schema.Number,
      tokens: Schema.Number,
      pulled: Schema.Number,
    }),
  ),
  rules_served: Schema.Array(Schema.Struct({ id: Schema.String, text: Schema.String, status: Schema.String, times: Schema.Number })),
  rules_never_served: Schema.Array(Schema.Struct({ id: Schema.String, text: Schema.String })),
  unhelped_tasks: Schema.Array(
    Schema.Struct({
      position: Schema.Number,
      session: Schema.String,
      tool: Schema.String,
      task: Schema.NullOr(Schema.String),
      files: Schema.Number,
      reason: Schema.Literal("nothing served", "none edited"),
    }),
  ),
});

export const contextReportTool = defineTool({
  name: "context_report",
  title: "Did the context help",
  description:
    "How well the context served matched the work, per session and overall, read from the log: of the files edited, the share served before the edit (recall); of the files served, the share edited after (precision); rules served and never served; tasks that got no useful context. Example: {\"since\": \"7d\"}",
  toolset: "history",
  input: Schema.Struct({
    since: optionalText("Session id, commit, log position (#1200) or time (2h, 2026-12-01); default: the whole log", 200),
  }),
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const read = readContextReport(ctx.log, input.since);
    if (!read.ok) throw toolError(read.message);
    const r = contextReport(read.facts);
    return {
      from: read.from,
      to: r.to,
      overall: r.overall,
      sessions: r.sessions,
      rules_served: r.rulesServed,
      rules_never_served: r.rulesNeverServed,
      unhelped_tasks: r.unhelpedTasks,
    };
  },
  render: (out) =>
    renderContextReport(
      { from: out.from.position, to: out.to, overall: out.overall, sessions: out.sessions, rulesServed: out.rules_served, rulesNeverServed: out.rules_never_served, unhelpedTasks: out.unhelped_tasks },
      out.from,
    ),
});
