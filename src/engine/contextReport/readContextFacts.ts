import { readEvents, type LogHandle, type RecordedEvent } from "../../events/index.js";
import type { CommitFact, ContextFacts, EditFact, RuleFact, ServedFact, SessionStartFact } from "../../queries/index.js";

type Data = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === "string" ? v : "");
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const range = (from: number, to: number) => ({ after: from, before: to + 1 });

const sessionStart = (e: RecordedEvent): SessionStartFact => {
  const d = e.data as Data;
  return { sessionId: text(d.sessionId), client: text(d.client), source: e.meta.source, position: e.position, at: e.recordedAt };
};

const served = (e: RecordedEvent): ServedFact => {
  const d = e.data as Data;
  return {
    position: e.position,
    session: typeof d.session === "string" ? d.session : null,
    client: text(d.client),
    tool: text(d.tool),
    source: e.meta.source,
    task: typeof d.task === "string" ? d.task : null,
    files: texts(d.files),
    rules: texts(d.rules),
    tokens: typeof d.tokens === "number" ? d.tokens : 0,
  };
};

const FILE_PREFIX = "file:";

/** Hook and watcher records of a changed or deleted file: the path is the stream's, so no payload is read. */
const edits = (log: LogHandle, from: number, to: number): EditFact[] => {
  const out: EditFact[] = [];
  for (const source of ["hook", "watcher"] as const) {
    for (const e of readEvents(log, { ...range(from, to), types: ["FileChanged", "FileDeleted"], source })) {
      out.push({ position: e.position, path: e.stream.slice(FILE_PREFIX.length), source, session: e.meta.session ?? null });
    }
  }
  return out.sort((a, b) => a.position - b.position);
};

/** Every rule up to `to` as it stands there: its last text, retired or not. */
const rules = (log: LogHandle, to: number): RuleFact[] => {
  const byId = new Map<string, RuleFact>();
  for (const e of readEvents(log, { before: to + 1, types: ["RuleStored", "RuleRetired"] })) {
    const d = e.data as Data;
    const id = text(d.id);
    const was = byId.get(id);
    if (e.type === "RuleStored") byId.set(id, { id, text: text(d.content), status: was?.status ?? "active" });
    else if (was !== undefined) byId.set(id, { ...was, status: "retired" });
  }
  return [...byId.values()];
};

/**
 * Commits that may be a pull's: observed in the range after the first session that began once
 * the log held history. The first recording of the history (thousands of commits, all older than
 * the session that recorded them) is never read: its session began before any history.
 */
const commits = (log: LogHandle, from: number, to: number, sessions: ReadonlyArray<SessionStartFact>): { commits: CommitFact[]; historyFrom: number | null } => {
  const first = readEvents(log, { types: ["CommitObserved"], limit: 1 })[0];
  if (first === undefined) return { commits: [], historyFrom: null };
  const after = sessions.find((s) => s.position > first.position);
  if (after === undefined) return { commits: [], historyFrom: first.position };
  const found = readEvents(log, { after: Math.max(from, after.position), before: to + 1, types: ["CommitObserved"] }).map((e) => {
    const d = e.data as Data;
    const files = Array.isArray(d.files) ? (d.files as Data[]).map((f) => text(f.path)) : [];
    return { position: e.position, sha: text(d.sha), time: typeof d.time === "number" ? d.time : 0, files };
  });
  return { commits: found, historyFrom: first.position };
};

/** The facts of the context report between `from` (exclusive) and `to`, read from the log. */
export const readContextFacts = (log: LogHandle, from: number, to: number): ContextFacts => {
  const sessions = readEvents(log, { before: to + 1, types: ["SessionStarted"] }).map(sessionStart);
  const history = commits(log, from, to, sessions);
  return {
    from,
    to,
    sessions,
    served: readEvents(log, { ...range(from, to), types: ["ContextServed"] }).map(served),
    edits: edits(log, from, to),
    commits: history.commits,
    historyFrom: history.historyFrom,
    rules: rules(log, to),
  };
};
