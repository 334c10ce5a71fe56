/** What a `since` argument names, before the log is asked where that is. */
export type SinceText =
  | { readonly kind: "position"; readonly position: number }
  | { readonly kind: "time"; readonly at: Date }
  /** A session id or a commit sha (or its prefix): the log tells which. */
  | { readonly kind: "ref"; readonly ref: string; readonly only?: "session" | "commit" };

export type SinceParsed = { readonly ok: true; readonly since: SinceText } | { readonly ok: false; readonly message: string };

export const SINCE_FORMS =
  "a session id (session:<id>), a commit (commit:<sha> or a sha of 7+ characters), a log position (#1200 or 1200), or a time (2h, 3d, 45m, 1w ago, 2026-12-01, 2026-12-01T14:00)";

const UNIT_MS: Readonly<Record<string, number>> = { m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * Reads a `since` argument: a number is a position, a duration or an ISO date is a time,
 * `session:` and `commit:` say which they are, anything else is looked up as a session id and
 * then as a commit. Relative times count back from `now`.
 */
export const parseSince = (text: string, now: Date): SinceParsed => {
  const t = text.trim();
  if (t === "") return { ok: false, message: `since is empty: pass ${SINCE_FORMS}, or leave it out for your previous session` };
  const position = /^#?(\d+)$/.exec(t);
  if (position) return { ok: true, since: { kind: "position", position: Number(position[1]) } };
  const relative = /^(\d+)\s*(m|min|h|d|w)(\s+ago)?$/i.exec(t);
  if (relative) return { ok: true, since: { kind: "time", at: new Date(now.getTime() - Number(relative[1]) * UNIT_MS[relative[2]!.toLowerCase()]!) } };
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(t)) {
    const at = new Date(t.includes(" ") ? t.replace(" ", "T") : t);
    if (Number.isNaN(at.getTime())) return { ok: false, message: `"${t}" looks like a date but is not one: write it as 2026-12-01 or 2026-12-01T14:00` };
    return { ok: true, since: { kind: "time", at } };
  }
  const prefixed = /^(session|commit):(.+)$/.exec(t);
  if (prefixed) return { ok: true, since: { kind: "ref", ref: prefixed[2]!.trim(), only: prefixed[1] as "session" | "commit" } };
  if (/^\d+\s*[a-z]+(\s+ago)?$/i.test(t)) return { ok: false, message: `"${t}" is not a duration Nemesis reads: use m, h, d or w (45m, 2h, 3d, 1w)` };
  return { ok: true, since: { kind: "ref", ref: t } };
};
