import type { SmartContext } from "./SmartContextResult.js";

const fenced = (snippet: string): string => {
  const fence = snippet.includes("```") ? "````" : "```";
  return `${fence}\n${snippet}\n${fence}`;
};

export const renderCodeItem = (c: SmartContext["code_context"][number]): string =>
  `### ${c.file}:${c.start_line}${c.end_line > c.start_line ? `-${c.end_line}` : ""} ${c.symbol ?? c.kind} (${c.kind}): ${c.why}\n${fenced(c.snippet)}`;

export const renderRule = (r: SmartContext["rules"][number]): string =>
  `- [${r.id}] ${r.rule}${r.scope !== "project" ? ` (scope: ${r.scope})` : ""} (${r.why})`;

export const renderDecision = (d: SmartContext["decisions"][number]): string =>
  [`- [${d.id}] ${d.title}: ${d.reasoning} (${d.why})`, ...d.alternatives.map((a) => `  rejected ${a.title}: ${a.reason_rejected}`)].join("\n");

export const renderConvention = (c: SmartContext["conventions"][number]): string =>
  `- [${c.id}] ${c.pattern}${c.example ? ` e.g. ${c.example}` : ""}${c.scope !== "project" ? ` (scope: ${c.scope})` : ""} (${c.why})`;

/** The compact markdown an agent reads: code by relevance with `path:line` headers, then the memory that applies. */
export const renderContext = (o: SmartContext, task: string): string => {
  const parts: string[] = [];
  if (o.code_context.length > 0) parts.push("## Code", ...o.code_context.map(renderCodeItem));
  if (o.rules.length > 0) parts.push("## Rules", o.rules.map(renderRule).join("\n"));
  if (o.decisions.length > 0) parts.push("## Decisions", o.decisions.map(renderDecision).join("\n"));
  if (o.conventions.length > 0) parts.push("## Conventions", o.conventions.map(renderConvention).join("\n"));
  if (o.architecture !== "") parts.push("## Architecture", o.architecture);
  if (parts.length === 0) return o.note || `no code, rules or decisions found for "${task}"`;
  return (o.note ? [o.note, ...parts] : parts).join("\n\n");
};
