import type { ContextReport, Share, UnhelpedTask } from "./contextReport.js";

/** Most rows of each list shown in text (JSON has them all). */
export const MAX_ROWS = 15;

const pct = (s: Share): string => (s.of === 0 ? "n/a" : `${s.hits}/${s.of} (${Math.round((s.hits / s.of) * 100)}%)`);
const short = (id: string): string => (id.length > 12 ? `${id.slice(0, 12)}…` : id);
const quote = (text: string, max = 80): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
};
const when = (at: string | null): string => (at === null ? "no start recorded" : `${at.slice(0, 16).replace("T", " ")} UTC`);
const more = (shown: number, total: number): string[] => (total > shown ? [`  … and ${total - shown} more (json_output for all)`] : []);

const taskLine = (t: UnhelpedTask): string =>
  `  #${t.position} ${short(t.session)} ${t.tool} ${t.task === null ? "(task not logged)" : quote(t.task)}: ${
    t.reason === "nothing served" ? "no code served" : `${t.files} file${t.files === 1 ? "" : "s"} served, none edited after`
  }`;

/** The report as text: overall first, then each session, the rules, and the tasks no answer helped. */
export const renderContextReport = (r: ContextReport, from: { readonly label: string; readonly position: number }): string => {
  const o = r.overall;
  const out = [
    `Context served since ${from.label}${from.label.startsWith("#") ? "" : ` (#${from.position})`} up to #${r.to}: ${o.sessions} session${o.sessions === 1 ? "" : "s"}, ${o.answers} answer${o.answers === 1 ? "" : "s"}, ${o.tokens.toLocaleString("en-US")} tokens`,
    `Recall (edited files served before the edit): ${pct(o.recall)}`,
    `Precision (served files edited after): ${pct(o.precision)}`,
  ];
  if (r.sessions.length > 0) out.push("", "Sessions:");
  const sessions = r.sessions.slice(-MAX_ROWS);
  if (sessions.length < r.sessions.length) out.push(`  (the last ${sessions.length} of ${r.sessions.length})`);
  for (const s of sessions) {
    const name = s.session === "-" ? "before any session" : `${short(s.session)} (${[s.client, when(s.at), ...s.also.map((a) => `with ${short(a)}`)].filter((x) => x !== "").join(", ")})`;
    out.push(`  ${name}: recall ${pct(s.recall)}, precision ${pct(s.precision)}, ${s.answers} answer${s.answers === 1 ? "" : "s"}, ${s.tokens.toLocaleString("en-US")} tokens${s.pulled > 0 ? `, ${s.pulled} pulled change${s.pulled === 1 ? "" : "s"} left out` : ""}`);
    if (s.missed.length > 0) out.push(`    edited, not served first: ${s.missed.slice(0, 8).join(", ")}${s.missed.length > 8 ? `, … ${s.missed.length - 8} more` : ""}`);
  }
  out.push("", r.rulesServed.length === 0 ? "Rules served: none" : "Rules served:");
  for (const rule of r.rulesServed.slice(0, MAX_ROWS)) out.push(`  ${rule.id} ×${rule.times}${rule.status !== "active" ? ` (${rule.status})` : ""}${rule.text ? ` ${quote(rule.text, 60)}` : ""}`);
  out.push(...more(Math.min(MAX_ROWS, r.rulesServed.length), r.rulesServed.length));
  out.push(r.rulesNeverServed.length === 0 ? "Rules never served: none" : "Rules never served:");
  for (const rule of r.rulesNeverServed.slice(0, MAX_ROWS)) out.push(`  ${rule.id} ${quote(rule.text, 60)}`);
  out.push(...more(Math.min(MAX_ROWS, r.rulesNeverServed.length), r.rulesNeverServed.length));
  out.push(r.unhelpedTasks.length === 0 ? "Tasks with no useful context: none" : "Tasks with no useful context:");
  const tasks = r.unhelpedTasks.slice(-MAX_ROWS);
  for (const t of tasks) out.push(taskLine(t));
  out.push(...more(tasks.length, r.unhelpedTasks.length));
  return out.join("\n");
};
