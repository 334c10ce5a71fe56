import * as Schema from "effect/Schema";
import { readStaleMemory } from "../../engine/index.js";
import { staleText, queryMemory } from "../../queries/index.js";
import { defineTool, READ_ONLY } from "../tool.js";
import { int, optionalText } from "./fields.js";

const Rule = Schema.Struct({ id: Schema.String, rule: Schema.String, scope: Schema.String, related_to: Schema.Array(Schema.String), recorded_at: Schema.String });
const Decision = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  reasoning: Schema.String,
  alternatives: Schema.Array(Schema.Struct({ title: Schema.String, reason_rejected: Schema.String })),
  related_to: Schema.Array(Schema.String),
  recorded_at: Schema.String,
});
const Convention = Schema.Struct({ id: Schema.String, pattern: Schema.String, example: Schema.String, scope: Schema.String });

/** A rule or decision whose linked file or symbol changed or vanished since it was recorded. */
const Stale = Schema.Struct({ memory: Schema.Literal("rule", "decision"), id: Schema.String, ref: Schema.String, why: Schema.String });

const projectWide = (scope: string) => (scope === "" || scope === "*" || scope === "**" ? "project" : scope);

export const getProjectContextTool = defineTool({
  name: "get_project_context",
  title: "Project rules, decisions and conventions",
  description:
    "The project's memory in force: rules, architecture decisions (with the alternatives rejected) and conventions. With a topic or path, only the entries about it, best first. Call it before changing unfamiliar code. Example: {\"topic\": \"error handling in src/api\"}",
  toolset: "core",
  input: Schema.Struct({
    topic: optionalText("A subject, file or folder; omit for everything in force"),
    limit: int("Most entries of each kind", 1, 100, 20),
  }),
  output: Schema.Struct({ rules: Schema.Array(Rule), decisions: Schema.Array(Decision), conventions: Schema.Array(Convention), stale: Schema.Array(Stale) }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    await ctx.syncMemory();
    const found = queryMemory(ctx.catalog(), { topic: input.topic, limit: input.limit });
    const listed = new Set([...found.rules.map((r) => r.id), ...found.decisions.map((d) => d.id)]);
    const now = Date.now();
    const stale = readStaleMemory(ctx.log)
      .filter((s) => listed.has(s.entry.id))
      .map((s) => ({ memory: s.entry.memory, id: s.entry.id, ref: s.ref, why: staleText(s.target, s.flag, now) }));
    return {
      stale,
      rules: found.rules.map((r) => ({ id: r.id, rule: r.content, scope: projectWide(r.scope), related_to: r.related_to, recorded_at: r.recorded_at })),
      decisions: found.decisions.map((d) => ({
        id: d.id,
        title: d.title,
        reasoning: d.reasoning,
        alternatives: d.alternatives.map((a) => ({ title: a.title, reason_rejected: a.reasonRejected })),
        related_to: d.related_to,
        recorded_at: d.recorded_at,
      })),
      conventions: found.conventions.map((c) => ({ id: c.id, pattern: c.pattern, example: c.example, scope: projectWide(c.scope) })),
    };
  },
  render: (o, input) => {
    const out: string[] = [];
    const staleOf = (id: string) => o.stale.filter((s) => s.id === id).map((s) => `  stale: ${s.why}`);
    if (o.rules.length > 0) {
      out.push("Rules:");
      for (const r of o.rules) {
        out.push(`- [${r.id}] ${r.rule}${r.scope !== "project" ? ` (scope: ${r.scope})` : ""}${r.related_to.length ? ` (about: ${r.related_to.join(", ")})` : ""}`, ...staleOf(r.id));
      }
    }
    if (o.decisions.length > 0) {
      out.push("Decisions:");
      for (const d of o.decisions) {
        out.push(`- [${d.id}] ${d.title}: ${d.reasoning}`, ...staleOf(d.id));
        for (const a of d.alternatives) out.push(`  rejected ${a.title}: ${a.reason_rejected}`);
      }
    }
    if (o.conventions.length > 0) {
      out.push("Conventions:");
      for (const c of o.conventions) out.push(`- [${c.id}] ${c.pattern}${c.example ? ` e.g. ${c.example}` : ""}${c.scope !== "project" ? ` (scope: ${c.scope})` : ""}`);
    }
    if (out.length === 0) return input.topic ? `no rules, decisions or conventions about "${input.topic}"` : "no rules, decisions or conventions recorded yet (store_rule, store_decision record them)";
    if (o.stale.length > 0) out.push(`${o.stale.length} stale link${o.stale.length === 1 ? "" : "s"}: check those entries against the code; one that no longer holds is retired (\`nemesis rule retire\`) or superseded, and recorded anew (store_rule, store_decision).`);
    return out.join("\n");
  },
});
