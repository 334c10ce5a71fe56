import type { Changes, CommitArrived, FileChange, MemoryChange, SymbolChange } from "./Changes.js";
import { isEmpty } from "./Changes.js";
import { writerText } from "./writerText.js";

export interface Budget {
  readonly maxTokens: number;
  readonly count: (text: string) => number;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const tally = <T>(items: ReadonlyArray<T>, key: (t: T) => string): string =>
  [...items.reduce((m, t) => m.set(key(t), (m.get(key(t)) ?? 0) + 1), new Map<string, number>())].map(([k, n]) => `${n} ${k}`).join(", ");

const memoryLine = (m: MemoryChange): string => {
  const note = m.note === null ? "" : m.change === "superseded" ? ` by ${m.note}` : m.change === "retired" ? ` (${m.note})` : "";
  const status = m.change === "recorded" && m.status !== "active" && m.status !== "accepted" ? `, now ${m.status}` : "";
  return `  ${m.memory} ${m.id} ${m.change}${note}${status}: ${m.text.replace(/\s+/g, " ")}`;
};

const commitLine = (c: CommitArrived): string =>
  `  ${c.sha.slice(0, 10)} ${new Date(c.time * 1000).toISOString().slice(0, 10)} ${c.author}: ${c.subject} (${plural(c.files, "file")})`;

const fileLine = (f: FileChange): string => `  ${f.change.padEnd(8)} ${f.from !== null ? `${f.from} → ` : ""}${f.path} (${writerText(f.by)})`;

const symbolLine = (s: SymbolChange): string => {
  const mark = s.change === "added" ? "+" : s.change === "removed" ? "-" : "~";
  const signature = s.change === "signature" ? `${s.before} → ${s.signature}` : s.signature;
  return `  ${mark} ${s.path}: ${s.name} [${s.kind}] ${signature.replace(/\s+/g, " ")}`;
};

/** One line: how much changed of each kind. */
export const changeCounts = (c: Changes): string => {
  const parts: string[] = [];
  if (c.files.length > 0) parts.push(`${plural(c.files.length, "file")} (${tally(c.files, (f) => f.change)})`);
  if (c.symbols.length > 0) parts.push(`${plural(c.symbols.length, "symbol")} (${tally(c.symbols, (s) => (s.change === "signature" ? "changed signature" : s.change))})`);
  if (c.commits.length > 0) parts.push(`${plural(c.commits.length, "commit")} arrived`);
  if (c.memory.length > 0) parts.push(`${plural(c.memory.length, "memory entry", "memory entries")} (${tally(c.memory, (m) => m.change)})`);
  return parts.join("; ");
};

interface Section {
  readonly title: string;
  readonly lines: ReadonlyArray<string>;
  /** What to name when some lines are left out. */
  readonly noun: string;
}

/**
 * The answer as text within `budget`: a header and the counts, then memory (what an agent must
 * obey), commits, files and symbols, each cut short with a line saying how many more there are.
 * Sections earlier in that order get their lines first.
 */
export const renderChanges = (c: Changes, budget: Budget, narrow = "raise max_tokens or pass a later since"): string => {
  const where = [...(c.from.label === `#${c.from.position}` ? [] : [`#${c.from.position}`]), ...(c.from.at !== null ? [`${c.from.at.slice(0, 16).replace("T", " ")} UTC`] : [])];
  const head = `Changes since ${c.from.label}${where.length > 0 ? ` (${where.join(", ")})` : ""} up to #${c.to}:`;
  if (isEmpty(c)) return `${head}\nNothing: no file, symbol, commit or memory entry changed.`;
  const out = [head, changeCounts(c)];
  let used = budget.count(out.join("\n"));
  const sections: Section[] = [
    { title: "Memory:", lines: c.memory.map(memoryLine), noun: "memory entries" },
    { title: "Commits arrived:", lines: c.commits.map(commitLine), noun: "commits" },
    { title: "Files:", lines: c.files.map(fileLine), noun: "files" },
    { title: "Symbols (+ added, - removed, ~ signature changed):", lines: c.symbols.map(symbolLine), noun: "symbols" },
  ];
  // Room for the "more" line of each section after this one, so none is dropped without a word.
  const reserve = 24;
  // Once a section is cut short, later ones are only counted: a shorter line of a later kind must not jump the queue.
  let cut = false;
  for (const [i, s] of sections.entries()) {
    if (s.lines.length === 0) continue;
    const left = sections.slice(i + 1).filter((x) => x.lines.length > 0).length;
    const title = budget.count(s.title) + 1;
    if (cut || used + title + reserve * (left + 1) > budget.maxTokens) {
      cut = true;
      out.push(`… ${s.lines.length} ${s.noun} not shown (${narrow})`);
      used += reserve;
      continue;
    }
    out.push(s.title);
    used += title;
    let shown = 0;
    for (const line of s.lines) {
      const cost = budget.count(line) + 1;
      if (used + cost + reserve * (left + 1) > budget.maxTokens) break;
      out.push(line);
      used += cost;
      shown++;
    }
    if (shown < s.lines.length) {
      cut = true;
      out.push(`  … ${s.lines.length - shown} more ${s.noun} (${narrow})`);
      used += reserve;
    }
  }
  return out.join("\n");
};
