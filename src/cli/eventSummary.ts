/**
 * One line per event for `nemesis log`. Works on the stored payload as it is (any schema
 * version, no decoding), so the audit trail stays cheap and still reads events this build
 * does not know.
 */
type Data = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v));
const count = (v: unknown): number => (Array.isArray(v) ? v.length : 0);
const props = (d: Data): string => (d.properties && typeof d.properties === "object" && Object.keys(d.properties).length > 0 ? ` ${JSON.stringify(d.properties)}` : "");
const flat = (text: string): string => text.replace(/\s+/g, " ").trim();

const SUMMARIES: Record<string, (d: Data) => string> = {
  RuleStored: (d) => `${str(d.id)}: ${str(d.content)}${d.scope && d.scope !== "*" ? ` [${str(d.scope)}]` : ""}`,
  RuleRetired: (d) => `${str(d.id)} retired${d.reason ? `: ${str(d.reason)}` : ""}`,
  DecisionRecorded: (d) =>
    `${str(d.id)}: ${str(d.title)}${count(d.alternatives) ? ` (rejected ${(d.alternatives as Data[]).map((a) => str(a.title)).join(", ")})` : ""}`,
  DecisionSuperseded: (d) => `${str(d.id)} superseded by ${str(d.supersededBy)}${d.reason ? `: ${str(d.reason)}` : ""}`,
  ConventionStored: (d) => `${str(d.id)}: ${str(d.pattern)}`,
  FileChanged: (d) => `${str(d.path)} (${typeof d.size === "number" ? `${d.size} bytes` : "?"}${d.language ? `, ${str(d.language)}` : ""})`,
  FileDeleted: (d) => str(d.path),
  FileSkipped: (d) => `${str(d.path)}: ${str(d.reason)}`,
  // `nemesis log` reads FileParsed summarised (counts instead of arrays); --json passes whole payloads.
  FileParsed: (d) =>
    `${str(d.path)} (${typeof d.symbols === "number" ? d.symbols : count(d.symbols)} symbols, ${
      typeof d.chunks === "number" ? d.chunks : count(d.chunks)
    } chunks${d.hasErrors ? ", with syntax errors" : ""})`,
  ParseFailed: (d) => `${str(d.path)}: ${str(d.reason)}`,
  GraphNodeAdded: (d) => `node ${str(d.label)}${d.type ? ` (${str(d.type)})` : ""}${props(d)}`,
  GraphNodeUpdated: (d) => `node ${str(d.label)}${d.type ? ` (${str(d.type)})` : ""}${props(d)}`,
  GraphNodeRemoved: (d) => `node ${str(d.label)}`,
  GraphEdgeAdded: (d) => `${str(d.source)} -[${str(d.relation)}]-> ${str(d.target)}${props(d)}`,
  GraphEdgeUpdated: (d) => `${str(d.source)} -[${str(d.relation)}]-> ${str(d.target)}${props(d)}`,
  GraphEdgeRemoved: (d) => `${str(d.source)} -[${str(d.relation)}]-> ${str(d.target)}`,
  GraphDeleted: (d) => `${str(d.nodes)} nodes, ${str(d.edges)} edges`,
  CommitObserved: (d) => {
    const files = typeof d.filesTotal === "number" ? d.filesTotal : count(d.files);
    return `${str(d.sha).slice(0, 10)} ${str(d.subject)} (${files} file${files === 1 ? "" : "s"}${count(d.parents) > 1 ? ", a merge" : ""})`;
  },
  ContextServed: (d) =>
    `${str(d.tool)} for ${d.session ? `session ${str(d.session)}` : "no session"}: ${count(d.files)} file${count(d.files) === 1 ? "" : "s"}, ${count(d.rules)} rule${count(d.rules) === 1 ? "" : "s"}, ${str(d.tokens)} tokens${typeof d.task === "string" ? ` (${str(d.task)})` : ""}`,
  SessionStarted: (d) => `${str(d.client)} session ${str(d.sessionId)} at #${str(d.position)}`,
  IndexRunStarted: (d) => `run ${str(d.runId)} in ${str(d.root)}`,
  IndexRunCompleted: (d) =>
    `run ${str(d.runId)}: ${str(d.files)} files, ${str(d.changed)} changed, ${str(d.deleted)} deleted in ${
      typeof d.durationMs === "number" ? `${(d.durationMs / 1000).toFixed(1)} s` : "?"
    }`,
};

export const summarizeEvent = (type: string, data: unknown, max = 100): string => {
  const d = (data && typeof data === "object" ? data : {}) as Data;
  const f = SUMMARIES[type];
  const text = flat(f ? f(d) : JSON.stringify(data) ?? "");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** `cli (alice)`: where a write came from and who asked. */
export const who = (source: string, actor: string | null | undefined): string => (actor ? `${source} (${actor})` : source);
