import type { EventMeta } from "../events/index.js";

/** What every memory command needs besides its own fields: who asks, and the caller's limits. */
export interface MemoryWrite {
  /** Source, actor and session: what `nemesis log` shows as the audit trail. */
  readonly meta: EventMeta;
  /** Idempotency key for the event: a caller retrying after a crash passes the same key again. */
  readonly idempotencyKey?: string;
  /** Longest text accepted (config memory.max_rule_chars). */
  readonly maxChars?: number;
}

/** The outcome of a memory command: the entry's id and where its event sits in the log. */
export interface Stored {
  readonly id: string;
  readonly stream: string;
  readonly position: number;
  /** True when the idempotency key was already stored: a retry, nothing new was written. */
  readonly replayed: boolean;
}
