import { headPosition, type LogHandle } from "../../events/index.js";
import type { ChangesFrom, ContextFacts } from "../../queries/index.js";
import { resolveSince } from "../changes/resolveSince.js";
import { readContextFacts } from "./readContextFacts.js";

export type ContextReportRead = { readonly ok: true; readonly from: ChangesFrom; readonly facts: ContextFacts } | { readonly ok: false; readonly message: string };

/** The facts of the context report since a point (`since` as get_changes_since reads it; default: the whole log). */
export const readContextReport = (log: LogHandle, since: string | undefined): ContextReportRead => {
  const resolved = since === undefined ? ({ ok: true, from: { position: 0, label: "the start of the log", at: null }, to: headPosition(log) } as const) : resolveSince(log, since, null);
  if (!resolved.ok) return resolved;
  return { ok: true, from: resolved.from, facts: readContextFacts(log, resolved.from.position, resolved.to) };
};
