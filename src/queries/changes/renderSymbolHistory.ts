import type { Writer } from "./Changes.js";
import type { Budget } from "./renderChanges.js";
import { writerText } from "./writerText.js";

/** get_symbol_history's answer, as the tool's output schema holds it. */
export interface SymbolHistoryAnswer {
  readonly symbol: {
    readonly name: string;
    readonly qualified_name: string;
    readonly kind: string;
    readonly path: string;
    readonly start_line: number;
    readonly end_line: number;
    /** Whether the file's last parse still holds it. */
    readonly present: boolean;
  };
  /** How the name was matched, and what else it names. */
  readonly notes: ReadonlyArray<string>;
  /** Oldest first. */
  readonly versions: ReadonlyArray<{
    readonly change: "added" | "changed" | "removed";
    readonly what: ReadonlyArray<string>;
    readonly position: number;
    readonly at: string;
    readonly kind: string;
    readonly signature: string;
    readonly start_line: number;
    readonly end_line: number;
    readonly by: Writer;
    /** The checkout a first version was indexed in, or the pull that brought a later one. */
    readonly commit: { readonly sha: string; readonly subject: string; readonly how: "checkout" | "pull" } | null;
    readonly file_deleted: boolean;
    /** The file's path then. */
    readonly path: string;
  }>;
  /** Renames of its file the history followed back, oldest first. */
  readonly moves: ReadonlyArray<{ readonly from: string; readonly to: string; readonly position: number; readonly at: string }>;
  readonly memory: ReadonlyArray<{
    readonly memory: "rule" | "decision";
    readonly id: string;
    readonly text: string;
    readonly ref: string;
    readonly via: "symbol" | "name" | "file";
    /** Why the link is stale, when it is. */
    readonly stale: string | null;
  }>;
}

type Version = SymbolHistoryAnswer["versions"][number];

const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const when = (iso: string): string => `${iso.slice(0, 16).replace("T", " ")} UTC`;

const changeText = (v: Version, first: boolean): string => {
  if (v.change === "removed") return v.file_deleted ? "removed (file deleted)" : "removed";
  if (v.change === "added") return first ? "first seen" : "added again";
  return `changed ${v.what.join(", ")}`;
};

const commitText = (c: NonNullable<Version["commit"]>): string => `${c.how === "pull" ? "a pull of" : "at"} commit ${c.sha.slice(0, 10)} "${oneLine(c.subject, 60)}"`;

const byText = (v: Version): string => `${writerText(v.by)}${v.commit !== null ? `, ${commitText(v.commit)}` : ""}`;

/** Two lines a version: when, what, where and who; then its signature when it differs from the version before. */
const versionLines = (v: Version, index: number, before: Version | undefined, path: string): string[] => {
  const lines = v.change === "removed" ? "" : `  lines ${v.start_line}–${v.end_line}${v.path !== path ? ` of ${v.path}` : ""}`;
  const head = `v${index + 1} ${when(v.at)}  ${changeText(v, index === 0)}${lines}  by ${byText(v)} (#${v.position})`;
  const showSignature = v.change !== "removed" && (before === undefined || before.signature !== v.signature || before.change === "removed");
  return showSignature ? [head, `    ${oneLine(v.signature, 300)}`] : [head];
};

const viaText: Readonly<Record<SymbolHistoryAnswer["memory"][number]["via"], string>> = { symbol: "", name: " (by name)", file: " (about its file)" };

/**
 * The answer as text within `budget`: the symbol, the rules and decisions linked to it (stale ones
 * say why), then its versions newest first, cut with a line saying how many older ones are left.
 */
export const renderSymbolHistory = (a: SymbolHistoryAnswer, budget: Budget): string => {
  const s = a.symbol;
  const place = s.present ? `${s.path}:${s.start_line}–${s.end_line}` : `${s.path}, removed`;
  const count = a.versions.length;
  const out = [...a.notes, `History of ${s.qualified_name} [${s.kind}] (${place}): ${count} version${count === 1 ? "" : "s"}, newest first`];
  for (const m of a.moves) out.push(`Its file was renamed: ${m.from} → ${m.to} (${when(m.at)}, #${m.position})`);
  // Room for the "more" line of memory and of versions, and for the newest version.
  const reserve = 24;
  let used = budget.count(out.join("\n"));
  if (a.memory.length > 0) {
    out.push("Rules and decisions linked to it:");
    used += budget.count(out[out.length - 1]!) + 1;
    let listed = 0;
    for (const m of a.memory) {
      const line = `  ${m.memory} ${m.id}${viaText[m.via]}: ${oneLine(m.text, 200)}${m.stale !== null ? `\n    stale: ${m.stale}` : ""}`;
      const cost = budget.count(line) + 1;
      if (used + cost + reserve * 4 > budget.maxTokens) break;
      out.push(line);
      used += cost;
      listed++;
    }
    if (listed < a.memory.length) {
      out.push(`  … ${a.memory.length - listed} more (get_project_context)`);
      used += reserve;
    }
  }
  if (count === 0) {
    out.push("No parse in the log holds it: it is not indexed yet (index_project), or it is not a symbol of a parsed file.");
    return out.join("\n");
  }
  let shown = 0;
  for (let i = count - 1; i >= 0; i--) {
    const text = versionLines(a.versions[i]!, i, a.versions[i - 1], s.path).join("\n");
    const cost = budget.count(text) + 1;
    if (used + cost + reserve > budget.maxTokens) break;
    out.push(text);
    used += cost;
    shown++;
  }
  if (shown < count) out.push(`… ${count - shown} older version${count - shown === 1 ? "" : "s"} not shown (raise max_tokens)`);
  return out.join("\n");
};
