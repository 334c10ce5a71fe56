import type { ArchitectureSummary } from "../architecture/ArchitectureSummary.js";
import type { CatalogSummary } from "../../projections/index.js";

/** How the index compares with the disk and the log when the session starts. */
export interface IndexFreshness {
  /** Indexed files whose content on disk differs (hashed), or whose stat differs when there was no time to hash them. */
  readonly changed: ReadonlyArray<string>;
  /** Indexed files gone from disk. */
  readonly missing: ReadonlyArray<string>;
  /** Indexed files the check had no time to look at (least recently modified ones). */
  readonly unchecked: number;
  /** File events in the log the catalog has not applied yet. */
  readonly pending: number;
  /** Whether an engine (nemesis serve) owns the project and follows the log. */
  readonly engineRunning: boolean;
}

export interface SessionFacts {
  readonly projectName: string;
  readonly root: string;
  /** Null before the first index (no catalog.db yet). */
  readonly catalog: CatalogSummary | null;
  /** Null until an engine has computed the architecture once. */
  readonly architecture: ArchitectureSummary | null;
  readonly freshness: IndexFreshness;
  /** At most three lines on what changed since the client's previous session; empty when nothing did. */
  readonly sinceLastSession?: ReadonlyArray<string>;
  /** Per rule or decision id, why it is stale: a file or symbol it is linked to changed or vanished since it was recorded. */
  readonly staleMemory?: ReadonlyMap<string, string>;
}

export interface BriefBudget {
  readonly maxTokens: number;
  /** Token count of a text (the project's cl100k estimate). */
  readonly count: (text: string) => number;
}

/** 1,234,567. Not toLocaleString: its first call loads ICU's locale data, ~40 ms of a hook's start-up. */
const n = (x: number): string => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const plural = (x: number, one: string, many = `${one}s`): string => `${n(x)} ${x === 1 ? one : many}`;
const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
const place = (file: string, line: number): string => (line > 0 ? `${file}:${line}` : file);
const someOf = (paths: ReadonlyArray<string>, max = 3): string =>
  paths.length <= max ? paths.join(", ") : `${paths.slice(0, max).join(", ")}, … ${n(paths.length - max)} more`;

/** A titled list whose items are added while the budget lasts; `more` names what was left out. */
interface Section {
  readonly title: (shown: number, total: number) => string;
  readonly items: ReadonlyArray<string>;
  readonly more: (left: number) => string;
}

const indexedFiles = (c: CatalogSummary): number => c.languages.reduce((sum, l) => sum + l.files, 0);

const projectLine = (facts: SessionFacts): string => {
  const c = facts.catalog!;
  const a = facts.architecture;
  const langs = c.languages.slice(0, 5).map((l) => `${n(l.files)} ${l.language}`).join(", ");
  const size = `${(c.bytes / 1e6).toFixed(1)} MB${a ? `, ${n(a.totals.lines)} lines in ${plural(a.totals.modules, "module")}` : ""}`;
  return `Project ${facts.projectName}: ${plural(indexedFiles(c), "file")} indexed (${langs}${c.languages.length > 5 ? ", …" : ""}), ${size}.`;
};

const warnings = (facts: SessionFacts): string[] => {
  const c = facts.catalog;
  if (c === null || indexedFiles(c) === 0) {
    return [`Nemesis has not indexed this project yet: run \`nemesis index\` in ${facts.root} (the MCP server indexes it too when it starts). Until then its code tools answer nothing.`];
  }
  const f = facts.freshness;
  const out: string[] = [];
  const catchUp = f.engineRunning ? "the running Nemesis engine is catching up" : "run `nemesis index` (a running `nemesis serve` catches up by itself)";
  if (f.changed.length + f.missing.length > 0) {
    const parts = [
      f.changed.length > 0 ? `${plural(f.changed.length, "file")} changed on disk (${someOf(f.changed)})` : "",
      f.missing.length > 0 ? `${plural(f.missing.length, "file")} deleted (${someOf(f.missing)})` : "",
    ].filter(Boolean);
    out.push(`Warning: the index is stale: ${parts.join(" and ")} since they were indexed; ${catchUp}. Read those files directly meanwhile.`);
  }
  if (f.unchecked > 0) out.push(`Note: ${plural(f.unchecked, "indexed file")} (the least recently changed) were not compared with the disk in the time a session start allows.`);
  const stale = facts.staleMemory?.size ?? 0;
  if (stale > 0) {
    out.push(`Note: ${plural(stale, "rule or decision", "rules and decisions")} below ${stale === 1 ? "refers to code that changed or vanished since it was recorded (marked \"stale\"): check it" : "refer to code that changed or vanished since they were recorded (marked \"stale\"): check them"} against the code before following it; one that no longer holds is retired (\`nemesis rule retire\`) or superseded and recorded anew.`);
  }
  if (f.pending > 0) {
    out.push(`Note: ${plural(f.pending, "file change")} recorded but not indexed yet; ${f.engineRunning ? "the running engine is applying them" : "the next Nemesis query catches up"}.`);
  }
  return out;
};

const architectureSections = (a: ArchitectureSummary): Section[] => [
  {
    title: (shown, total) => `Main modules (${shown < total ? `${shown} of ${n(total)}` : n(total)}, largest first):`,
    items: a.modules.map((m) => `- ${m.name}: ${plural(m.files, "file")}, ${n(m.lines)} lines`),
    more: (left) => `- … ${n(left + a.totals.modules - a.modules.length)} more (get_architecture)`,
  },
  {
    title: () => "Entry points:",
    items: a.entryPoints.map((e) => `- ${e.kind} ${place(e.file, e.line)}${e.detail ? ` ${oneLine(e.detail, 80)}` : ""}`),
    more: (left) => `- … ${n(left + a.totals.entryPoints - a.entryPoints.length)} more (get_architecture)`,
  },
  {
    title: () => "Key symbols (most depended on):",
    items: a.keySymbols.map((s) => `- ${s.name} (${s.kind}, ${place(s.file, s.line)})`),
    more: (left) => `- … ${n(left)} more (rank_symbols)`,
  },
  {
    title: () => "Imports between modules (heaviest):",
    items: a.dataFlow.map((e) => `- ${e.from} → ${e.to} (${n(e.imports)})`),
    more: () => "",
  },
];

const staleMark = (stale: ReadonlyMap<string, string> | undefined, id: string): string => {
  const why = stale?.get(id);
  return why === undefined ? "" : ` — stale: ${oneLine(why, 300)}`;
};

const memorySections = (c: CatalogSummary, stale?: ReadonlyMap<string, string>): { rules: Section; decisions: Section; conventions: Section } => ({
  rules: {
    title: (shown, total) => `Rules in force (${shown < total ? `${shown} of ${n(total)}` : n(total)}) — follow them:`,
    items: c.rules.map((r) => `- ${oneLine(r.content, 300)}${r.scope !== "*" ? ` (scope: ${r.scope})` : ""} [${r.id}]${staleMark(stale, r.id)}`),
    more: (left) => `- … ${n(left)} more: \`nemesis rule list\` or get_project_context`,
  },
  decisions: {
    title: (shown, total) => `Latest decisions (${shown < total ? `${shown} of ${n(total)}` : n(total)}):`,
    items: c.decisions.map((d) => `- ${oneLine(d.title, 150)} — ${oneLine(d.reasoning, 200)} [${d.id}, ${d.recorded_at.slice(0, 10)}]${staleMark(stale, d.id)}`),
    more: (left) => `- … ${n(left)} older: \`nemesis decision list\` or get_project_context`,
  },
  conventions: {
    title: (shown, total) => `Conventions (${shown < total ? `${shown} of ${n(total)}` : n(total)}):`,
    items: c.conventions.map((v) => `- ${oneLine(v.pattern, 200)}${v.example ? ` (e.g. ${oneLine(v.example, 80)})` : ""}${v.scope !== "*" ? ` (scope: ${v.scope})` : ""} [${v.id}]`),
    more: (left) => `- … ${n(left)} more: \`nemesis convention list\``,
  },
});

const HINT =
  "Nemesis (MCP server `nemesis`) answers from this index: get_smart_context {task} first for code, rules and decisions that matter to a task; get_code_semantics to search; get_impact before changing a symbol.";

/**
 * The context a session starts with: what changed since the client's last session, what the project is (languages, size, main modules, entry
 * points), the rules in force, the latest decisions and conventions, and a warning when the index
 * is empty or stale; within `budget.maxTokens`. Warnings and the project line always fit; then
 * rules, decisions, conventions and the architecture's details take what is left, in that order,
 * each closing with a line that says how to see what did not fit.
 */
export const sessionBrief = (facts: SessionFacts, budget: BriefBudget): string => {
  const cost = (line: string) => budget.count(`${line}\n`);
  let left = budget.maxTokens;
  // What changed comes first: it is what a returning agent cannot learn from anything else here.
  const fixed = [...(facts.sinceLastSession ?? []).slice(0, 3), `Nemesis context for ${facts.projectName} (${facts.root}):`, ...warnings(facts)];
  const c = facts.catalog;
  const indexed = c !== null && indexedFiles(c) > 0;
  if (indexed) fixed.push(projectLine(facts));
  for (const line of [...fixed, HINT]) left -= cost(line);

  /** Takes the section's items while they fit, then its "more" line; nothing when not even its title fits. */
  const fill = (s: Section): string[] => {
    if (s.items.length === 0) return [];
    const moreCost = cost(s.more(s.items.length));
    let room = left - cost(s.title(s.items.length, s.items.length)) - moreCost;
    const shown: string[] = [];
    for (const item of s.items) {
      const c = cost(item);
      if (c > room) break;
      shown.push(item);
      room -= c;
    }
    if (shown.length === 0) return [];
    const more = shown.length < s.items.length ? s.more(s.items.length - shown.length) : "";
    const lines = [s.title(shown.length, s.items.length), ...shown, ...(more ? [more] : [])];
    left -= lines.reduce((sum, l) => sum + cost(l), 0);
    return lines;
  };

  const memory = c === null ? null : memorySections(c, facts.staleMemory);
  const rules = memory ? fill(memory.rules) : [];
  const decisions = memory ? fill(memory.decisions) : [];
  const conventions = memory ? fill(memory.conventions) : [];
  const architecture = indexed && facts.architecture ? architectureSections(facts.architecture).map(fill) : [];
  const blocks = [fixed, ...architecture, rules, decisions, conventions, [HINT]].filter((b) => b.length > 0);
  return blocks.map((b) => b.join("\n")).join("\n\n");
};
