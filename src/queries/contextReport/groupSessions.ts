import type { SessionStartFact } from "./ContextFacts.js";

/**
 * Starts of another source closer than this to a session-start hook's are the same agent
 * session: Claude Code runs the hook and starts its MCP servers together, and each records a
 * start under its own id (the hook Claude Code's session id, the server one of its own).
 */
export const SAME_SESSION_MS = 60_000;

/** One agent session: the id its events are reported under, and the other ids folded into it. */
export interface SessionGroup {
  readonly id: string;
  readonly client: string;
  /** Its first start (ISO), or null for a session id seen only on events (no SessionStarted). */
  readonly at: string | null;
  readonly position: number;
  readonly also: ReadonlyArray<string>;
}

export interface Sessions {
  readonly groups: ReadonlyArray<SessionGroup>;
  /**
   * The session an event belongs to: its own (folded) session when it names one; otherwise the
   * session started last before it (the watcher and `nemesis query` name none); null before any.
   */
  of(position: number, session: string | null): SessionGroup | null;
}

/**
 * Groups session starts into agent sessions. A start recorded by an MCP client folds into the
 * hook-recorded session begun within SAME_SESSION_MS (the latest before it, else the first after
 * it); starts of one id (a resumed session) are one session; anything else is a session of its own.
 */
export const groupSessions = (starts: ReadonlyArray<SessionStartFact>): Sessions => {
  const first = new Map<string, SessionStartFact>();
  for (const s of starts) if (!first.has(s.sessionId)) first.set(s.sessionId, s);
  const firsts = [...first.values()].sort((a, b) => a.position - b.position);
  const near = (a: SessionStartFact, b: SessionStartFact) => Math.abs(Date.parse(a.at) - Date.parse(b.at)) <= SAME_SESSION_MS;
  const root = new Map<string, string>();
  for (const s of firsts) {
    if (s.source !== "mcp") {
      root.set(s.sessionId, s.sessionId);
      continue;
    }
    const hooks = firsts.filter((h) => h.source !== "mcp" && near(h, s));
    const before = hooks.filter((h) => h.position < s.position).at(-1);
    const after = hooks.find((h) => h.position > s.position);
    root.set(s.sessionId, (before ?? after ?? s).sessionId);
  }
  const groups = new Map<string, { id: string; client: string; at: string | null; position: number; also: string[] }>();
  for (const s of firsts) {
    const id = root.get(s.sessionId)!;
    const head = first.get(id)!;
    const group = groups.get(id) ?? { id, client: head.client, at: head.at, position: head.position, also: [] };
    if (s.sessionId !== id) group.also.push(s.sessionId);
    groups.set(id, group);
  }
  const ordered = [...starts].sort((a, b) => a.position - b.position);
  const unknown = new Map<string, SessionGroup>();
  return {
    groups: [...groups.values()],
    of: (position, session) => {
      if (session !== null) {
        const id = root.get(session);
        if (id !== undefined) return groups.get(id)!;
        // A session that recorded no start (the session-start hook not installed): its own, from its first event.
        let own = unknown.get(session);
        if (own === undefined) unknown.set(session, (own = { id: session, client: "", at: null, position, also: [] }));
        return own;
      }
      // The last start before `position`, by binary search: a long history holds thousands of starts.
      let lo = 0;
      let hi = ordered.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (ordered[mid]!.position < position) lo = mid + 1;
        else hi = mid;
      }
      const latest = ordered[lo - 1];
      return latest === undefined ? null : groups.get(root.get(latest.sessionId)!)!;
    },
  };
};
