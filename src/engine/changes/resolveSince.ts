import { parseSince, SINCE_FORMS, type ChangesFrom } from "../../queries/index.js";
import { headPosition, readEvents, type LogHandle } from "../../events/log.js";
import { previousSession, readSessions, type SessionRecord } from "./readSessions.js";

export type SinceResolved = { readonly ok: true; readonly from: ChangesFrom; readonly to: number } | { readonly ok: false; readonly message: string };

/** Who asks: an MCP client in a session, the session-start hook, or the CLI (null). */
export type SinceCaller = { readonly client: string; readonly sessionId: string } | null;

const fail = (message: string): SinceResolved => ({ ok: false, message });

const timeOf = (log: LogHandle, position: number): string | null =>
  position === 0 ? null : (readEvents(log, { after: position - 1, before: position + 1, limit: 1 })[0]?.recordedAt ?? null);

const sessionLabel = (s: SessionRecord, which: string): string => `${which} ${s.sessionId.length > 12 ? `${s.sessionId.slice(0, 12)}…` : s.sessionId} of ${s.client}`;

const bySession = (log: LogHandle, ref: string): SessionRecord[] => {
  const all = readSessions(log);
  const exact = all.filter((s) => s.sessionId === ref);
  if (exact.length > 0) return [exact[0]!];
  // The first start of a session: its changes are everything it and later ones did.
  const first = new Map<string, SessionRecord>();
  for (const s of all) if (s.sessionId.startsWith(ref) && !first.has(s.sessionId)) first.set(s.sessionId, s);
  return ref.length >= 6 ? [...first.values()] : [];
};

const byCommit = (log: LogHandle, ref: string): Array<{ sha: string; position: number; at: string }> =>
  /^[0-9a-f]{4,40}$/i.test(ref)
    ? readEvents(log, { types: ["CommitObserved"], streamPrefix: `commit:${ref.toLowerCase()}`, limit: 5, summaries: { CommitObserved: { sha: "$.sha" } } }).map((e) => ({
        sha: String((e.data as { sha: unknown }).sha),
        position: e.position,
        at: e.recordedAt,
      }))
    : [];

/**
 * Where a `since` argument points in the log, up to the head now. Omitted, it is the caller's
 * previous session. Every way of getting it wrong is a message that says what to pass instead.
 */
export const resolveSince = (log: LogHandle, since: string | undefined, caller: SinceCaller, now = new Date()): SinceResolved => {
  const head = headPosition(log);
  if (since === undefined) {
    const previous = previousSession(readSessions(log), caller);
    if (previous === null) {
      const who = caller === null ? "No session is recorded in the log yet" : `No earlier session of ${caller.client} is recorded in the log`;
      return fail(`${who}: pass since as ${SINCE_FORMS}. Sessions are recorded by the session-start hook (nemesis hook install) and by each MCP client that connects.`);
    }
    return { ok: true, from: { position: previous.position, label: sessionLabel(previous, caller !== null ? "your last session" : "the last session"), at: previous.at }, to: head };
  }
  const parsed = parseSince(since, now);
  if (!parsed.ok) return fail(parsed.message);
  const s = parsed.since;
  switch (s.kind) {
    case "position":
      if (s.position > head) return fail(`Position #${s.position} is past the log's head #${head}: pass a position from 0 to ${head} (\`nemesis log\` lists them), or a session, commit or time.`);
      return { ok: true, from: { position: s.position, label: `#${s.position}`, at: timeOf(log, s.position) }, to: head };
    case "time": {
      if (s.at.getTime() > now.getTime()) return fail(`${s.at.toISOString()} is in the future: pass a time before now (2h, 3d, 2026-12-01).`);
      const iso = s.at.toISOString();
      const last = readEvents(log, { until: iso, descending: true, limit: 1 })[0];
      return { ok: true, from: { position: last?.position ?? 0, label: iso.slice(0, 16).replace("T", " ") + " UTC", at: last?.recordedAt ?? null }, to: head };
    }
    case "ref": {
      const sessions = s.only === "commit" ? [] : bySession(log, s.ref);
      const commits = s.only === "session" ? [] : byCommit(log, s.ref);
      if (sessions.length + commits.length > 1) {
        const names = [...sessions.map((x) => `session:${x.sessionId}`), ...commits.map((c) => `commit:${c.sha.slice(0, 12)}`)];
        return fail(`"${s.ref}" names more than one point in the log (${names.join(", ")}): pass one of them in full.`);
      }
      const session = sessions[0];
      if (session !== undefined) return { ok: true, from: { position: session.position, label: sessionLabel(session, "session"), at: session.at }, to: head };
      const commit = commits[0];
      if (commit !== undefined) return { ok: true, from: { position: commit.position, label: `commit ${commit.sha.slice(0, 10)} (recorded then)`, at: commit.at }, to: head };
      const what = s.only === "session" ? "a session id the log holds" : s.only === "commit" ? "a commit the log holds (commits are recorded by nemesis index in a git repository)" : "a session id or commit the log holds";
      return fail(`"${s.ref}" is not ${what}: pass ${SINCE_FORMS}. \`nemesis log --type SessionStarted\` lists the sessions.`);
    }
  }
};
