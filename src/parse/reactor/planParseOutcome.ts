import { newEventId, type EncodedPayload, type EventMeta, type FileChanged, type FileParsed, type NewEvent } from "../../events/index.js";
import { decodeSourceBytes } from "../decodeSourceBytes.js";
import { classifyContent, hashContent, readSourceFile } from "../../shared/index.js";
import type { SourceParser } from "./SourceParser.js";

export interface ParseLimits {
  readonly maxFileBytes: number;
  readonly maxLineLength: number;
  readonly budgetMs: number;
}

/** The key of the one outcome (FileParsed or ParseFailed) of a FileChanged: re-processing stores nothing twice. */
export const outcomeIdFor = (changedEventId: string): string => `parsed:${changedEventId}`;

export type OutcomeKind = "parsed" | "failed" | "deleted" | "rewritten";

export interface PlannedOutcome {
  readonly kind: OutcomeKind;
  /** Events for the file's stream, in order. */
  readonly events: ReadonlyArray<NewEvent>;
  /** For ParseFailed: the reason (summaries group by it). */
  readonly reason?: string;
}

const failed = (changedId: string, data: { path: string; contentHash: string }, reason: string, meta: EventMeta): PlannedOutcome => ({
  kind: "failed",
  reason,
  events: [{ eventId: outcomeIdFor(changedId), type: "ParseFailed", data: { ...data, reason }, meta }],
});

/**
 * Reads one changed file and decides what the log should say about it. The bytes must still
 * hash to the FileChanged's contentHash: if the file has been rewritten since, the reactor
 * records what it saw (a new FileChanged) and parses that, so a file edited mid-index still
 * ends parsed; if it is gone, a FileDeleted. Never throws for a bad file.
 */
export const planParseOutcome = async (
  root: string,
  changed: { readonly eventId: string; readonly data: FileChanged },
  parser: SourceParser,
  limits: ParseLimits,
  meta: EventMeta,
): Promise<PlannedOutcome> => {
  const { path } = changed.data;
  const read = readSourceFile(`${root}/${path}`, limits.maxFileBytes);
  if (!read.ok) {
    if (read.gone) return { kind: "deleted", events: [{ eventId: `deleted:${changed.eventId}`, type: "FileDeleted", data: { path }, meta }] };
    return failed(changed.eventId, changed.data, read.reason, meta);
  }
  const contentHash = hashContent(read.bytes);
  const prefix: NewEvent[] = [];
  let changedId = changed.eventId;
  if (contentHash !== changed.data.contentHash) {
    changedId = newEventId();
    const data: FileChanged = { ...changed.data, contentHash, size: read.bytes.length, mtime: read.mtime };
    prefix.push({ eventId: changedId, type: "FileChanged", data, meta });
  }
  const withPrefix = (o: PlannedOutcome): PlannedOutcome =>
    prefix.length === 0 ? o : { ...o, kind: o.kind === "parsed" ? "rewritten" : o.kind, events: [...prefix, ...o.events] };

  const verdict = classifyContent(read.bytes, limits.maxLineLength);
  if (!verdict.ok) return withPrefix(failed(changedId, { path, contentHash }, verdict.reason, meta));
  const decoded = decodeSourceBytes(read.bytes);
  if (!("text" in decoded)) return withPrefix(failed(changedId, { path, contentHash }, "binary", meta));
  const input = { path, text: decoded.text, contentHash, budgetMs: limits.budgetMs };
  let outcome: { readonly ok: true; readonly data: FileParsed | EncodedPayload } | { readonly ok: false; readonly reason: string };
  try {
    if (parser.parseEncoded) {
      const r = await parser.parseEncoded(input);
      outcome = r.ok ? { ok: true, data: r.payload } : r;
    } else {
      const r = await parser.parse(input);
      outcome = r.ok ? { ok: true, data: r.result } : r;
    }
  } catch (e) {
    // A crashed worker costs this file, not the run.
    outcome = { ok: false, reason: `parser crashed: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!outcome.ok) return withPrefix(failed(changedId, { path, contentHash }, outcome.reason, meta));
  return withPrefix({ kind: "parsed", events: [{ eventId: outcomeIdFor(changedId), type: "FileParsed", data: outcome.data, meta }] });
};
