import { usageError } from "./errors.js";

/** `2026-11-22 14:03:07` in the local time zone. */
export const localTime = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `2h`, `3d`, `45m` back from now; a date (`2026-11-20`, local midnight) or any ISO time. Returns ISO (UTC). */
export const parseTimeBound = (name: string, value: string, now = Date.now()): string => {
  const v = value.trim();
  const rel = /^(\d+)\s*(s|m|min|h|d|w)$/.exec(v);
  if (rel) return new Date(now - Number(rel[1]) * UNITS[rel[2]!]!).toISOString();
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const t = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])).getTime() : Date.parse(v);
  if (Number.isNaN(t)) {
    throw usageError(`${name} "${value}" is neither a date (2026-11-20, 2026-11-20T14:00) nor a span back from now (30m, 2h, 3d, 1w)`);
  }
  return new Date(t).toISOString();
};
