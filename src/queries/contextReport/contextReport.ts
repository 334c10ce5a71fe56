import type { ContextFacts, EditFact, ServedFact } from "./ContextFacts.js";
import { groupSessions, type SessionGroup } from "./groupSessions.js";

/** Hits over a total; null when the total is 0 (nothing to measure). */
export interface Share {
  readonly hits: number;
  readonly of: number;
}

export interface SessionFigures {
  /** The session's id, or "-" for events before any session started. */
  readonly session: string;
  readonly client: string;
  readonly at: string | null;
  /** Other ids folded into it (the MCP client's session beside the hook's). */
  readonly also: ReadonlyArray<string>;
  /** Of the files edited in the session, those served in it before their last edit. */
  readonly recall: Share;
  /** Of the files served in the session, those edited in it after they were first served. */
  readonly precision: Share;
  /** Edited files not served before their edit, in the order they were last edited. */
  readonly missed: ReadonlyArray<string>;
  readonly answers: number;
  readonly tokens: number;
  /** Watcher changes left out as a pull's: files of a commit made before the session that arrived in it. */
  readonly pulled: number;
}

export interface RuleServed {
  readonly id: string;
  readonly text: string;
  /** active, retired, or unknown (not recorded up to the report's end). */
  readonly status: string;
  readonly times: number;
}

export interface UnhelpedTask {
  readonly position: number;
  readonly session: string;
  readonly tool: string;
  readonly task: string | null;
  readonly files: number;
  /** `nothing served`: the answer held no code; `none edited`: the session edited files after it, none of those it served. */
  readonly reason: "nothing served" | "none edited";
}

export interface ContextReport {
  readonly from: number;
  readonly to: number;
  readonly sessions: ReadonlyArray<SessionFigures>;
  /** Pooled over the sessions: each session's hits and totals added up. */
  readonly overall: { readonly recall: Share; readonly precision: Share; readonly answers: number; readonly tokens: number; readonly sessions: number };
  /** Rules served, most often first. */
  readonly rulesServed: ReadonlyArray<RuleServed>;
  /** Rules in force at the end that no answer in the range served. */
  readonly rulesNeverServed: ReadonlyArray<{ readonly id: string; readonly text: string }>;
  readonly unhelpedTasks: ReadonlyArray<UnhelpedTask>;
}

const NO_SESSION = "-";

interface Bucket {
  readonly group: SessionGroup | null;
  readonly served: ServedFact[];
  readonly edits: EditFact[];
  readonly pulledFiles: Set<string>;
}

/**
 * How well the context served matched the work done, per session and pooled: a file counts
 * for recall and precision alike when it was served before its last edit in the same session.
 * Edits are the file-changed hook's and the watcher's records; a watcher change to a file of a
 * commit made before the session began and observed during it is the pull's, not an edit (once
 * the log held history when the session began: its first recording is no pull).
 * A task got no useful context when its answer held no file, or when its session edited files
 * after it and none of those it served; a task followed by no edit is not judged.
 */
export const contextReport = (facts: ContextFacts): ContextReport => {
  const sessions = groupSessions(facts.sessions);
  const buckets = new Map<string, Bucket>();
  const bucketOf = (position: number, session: string | null): Bucket => {
    const group = sessions.of(position, session);
    const key = group?.id ?? NO_SESSION;
    let b = buckets.get(key);
    if (b === undefined) buckets.set(key, (b = { group, served: [], edits: [], pulledFiles: new Set() }));
    return b;
  };
  for (const s of facts.served) bucketOf(s.position, s.session).served.push(s);
  for (const e of facts.edits) bucketOf(e.position, e.session).edits.push(e);
  for (const c of facts.commits) {
    const b = bucketOf(c.position, null);
    const group = b.group;
    // The history's first recording lists thousands of old commits: it is no pull.
    if (group === null || group.at === null || facts.historyFrom === null || facts.historyFrom >= group.position) continue;
    if (c.time * 1000 < Date.parse(group.at)) for (const f of c.files) b.pulledFiles.add(f);
  }

  const figures: SessionFigures[] = [];
  const unhelped: UnhelpedTask[] = [];
  // Oldest session first; events before any session ahead of them.
  const ordered = [...buckets.entries()].sort(([, x], [, y]) => (x.group?.position ?? -1) - (y.group?.position ?? -1));
  for (const [key, b] of ordered) {
    if (b.served.length === 0 && b.edits.length === 0) continue;
    const lastEdit = new Map<string, number>();
    let pulled = 0;
    for (const e of b.edits) {
      if (e.source === "watcher" && b.pulledFiles.has(e.path)) pulled++;
      else lastEdit.set(e.path, e.position);
    }
    const firstServed = new Map<string, number>();
    for (const s of b.served) for (const f of s.files) if (!firstServed.has(f)) firstServed.set(f, s.position);
    const hit = (path: string) => (firstServed.get(path) ?? Infinity) < (lastEdit.get(path) ?? -Infinity);
    const edited = [...lastEdit.entries()].sort((x, y) => x[1] - y[1]).map(([p]) => p);
    const hits = edited.filter(hit).length;
    figures.push({
      session: key,
      client: b.group?.client ?? "",
      at: b.group?.at ?? null,
      also: b.group?.also ?? [],
      recall: { hits, of: edited.length },
      precision: { hits, of: firstServed.size },
      missed: edited.filter((p) => !hit(p)),
      answers: b.served.length,
      tokens: b.served.reduce((n, s) => n + s.tokens, 0),
      pulled,
    });
    const lastEditPosition = Math.max(-Infinity, ...lastEdit.values());
    for (const s of b.served) {
      const base = { position: s.position, session: key, tool: s.tool, task: s.task, files: s.files.length };
      if (s.files.length === 0) unhelped.push({ ...base, reason: "nothing served" });
      else if (lastEditPosition > s.position && !s.files.some((f) => (lastEdit.get(f) ?? -Infinity) > s.position)) unhelped.push({ ...base, reason: "none edited" });
    }
  }
  unhelped.sort((a, b) => a.position - b.position);

  const sum = (f: (s: SessionFigures) => number) => figures.reduce((n, s) => n + f(s), 0);
  const times = new Map<string, number>();
  for (const s of facts.served) for (const r of new Set(s.rules)) times.set(r, (times.get(r) ?? 0) + 1);
  const rules = new Map(facts.rules.map((r) => [r.id, r] as const));
  const rulesServed = [...times.entries()]
    .map(([id, n]) => ({ id, text: rules.get(id)?.text ?? "", status: rules.get(id)?.status ?? "unknown", times: n }))
    .sort((a, b) => b.times - a.times || a.id.localeCompare(b.id));
  const rulesNeverServed = facts.rules.filter((r) => r.status === "active" && !times.has(r.id)).map((r) => ({ id: r.id, text: r.text }));

  return {
    from: facts.from,
    to: facts.to,
    sessions: figures,
    overall: {
      recall: { hits: sum((s) => s.recall.hits), of: sum((s) => s.recall.of) },
      precision: { hits: sum((s) => s.precision.hits), of: sum((s) => s.precision.of) },
      answers: sum((s) => s.answers),
      tokens: sum((s) => s.tokens),
      sessions: figures.filter((s) => s.session !== NO_SESSION).length,
    },
    rulesServed,
    rulesNeverServed,
    unhelpedTasks: unhelped,
  };
};
