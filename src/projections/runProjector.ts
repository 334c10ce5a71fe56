import { EventLogDamaged, headPosition, readEventRows, readEvents, sqliteDamage, type LogHandle } from "../events/index.js";
import { reportDamage } from "../shared/index.js";
import type { Projector } from "./Projector.js";
import { DEFAULT_BATCH, readPlanOf, type ReadPlan } from "./readPlans.js";

export interface CatchUpOptions {
  /** How to read the log for this projector; default: the plan registered under its name (readPlans.ts). */
  readonly plan?: ReadPlan;
  /** Overrides the plan's batch size (a projector thread's own, see ReadPlan.ownThread). */
  readonly batchSize?: number;
  readonly onProgress?: (position: number, head: number) => void;
  /** See ApplyContext. */
  readonly alongside?: boolean;
}

export interface CatchUpResult {
  readonly from: number;
  readonly to: number;
  readonly events: number;
  readonly rebuilt: boolean;
}

/** A batch size no log reaches: the whole log in one batch (see ReadPlan.wholeFromEmpty). */
const WHOLE_LOG = 2 ** 31 - 1;

/** A read of the log; a failure that says the log file is damaged is told apart from one of the projector's own store. */
const fromLog = <A>(log: LogHandle, read: () => A): A => {
  try {
    return read();
  } catch (e) {
    const reason = sqliteDamage(e);
    throw reason === null ? e : new EventLogDamaged({ path: log.path, reason });
  }
};

/**
 * Brings a projector up to the log's current head. A projector whose stored version differs
 * from its code's version is rebuilt from the start; so is one that stands past the log's head:
 * it was built from events the log no longer holds (SQLite dropped a torn tail of the WAL, or
 * the log was restored from a backup), and the positions it has seen will be handed out again.
 */
export const catchUp = async (log: LogHandle, projector: Projector, options: CatchUpOptions = {}): Promise<CatchUpResult> => {
  let { position, version } = await projector.checkpoint();
  const head = fromLog(log, () => headPosition(log));
  let rebuilt = false;
  if (position > head) {
    reportDamage(
      `the ${projector.name} read model stands at event #${position}, past the log's last event #${head} (the log lost its newest events, or was restored from a copy): rebuilding it from the log`,
    );
  }
  if (position > 0 && (version !== projector.version || position > head)) {
    await projector.reset();
    position = 0;
    rebuilt = true;
  }
  const plan = options.plan ?? readPlanOf(projector.name);
  const batchSize = options.batchSize ?? (position === 0 && plan.wholeFromEmpty === true ? WHOLE_LOG : (plan.batchSize ?? DEFAULT_BATCH));
  const from = position;
  let count = 0;
  while (position < head) {
    const filter = { after: position, before: head + 1, limit: batchSize, types: projector.handles, summaries: plan.summaries, omit: plan.omit };
    // A short batch is the last: the checkpoint then moves to the head, past events it does not handle.
    const upToAfter = (n: number, last: number) => (n < batchSize ? head : last);
    let n: number;
    let upTo: number;
    if (projector.applyRows) {
      const batch = fromLog(log, () => readEventRows(log, plan.bare ? { ...filter, bare: plan.bare } : filter));
      n = batch.rows.length;
      upTo = upToAfter(n, n > 0 ? batch.rows[n - 1]![0] : 0);
      await projector.applyRows(batch, upTo);
    } else {
      const batch = fromLog(log, () => readEvents(log, plan.deferred ? { ...filter, deferred: plan.deferred } : filter));
      n = batch.length;
      upTo = upToAfter(n, n > 0 ? batch[n - 1]!.position : 0);
      await projector.apply(batch, upTo, { alongside: options.alongside === true, more: upTo < head });
    }
    count += n;
    position = upTo;
    options.onProgress?.(position, head);
  }
  return { from, to: position, events: count, rebuilt };
};

/** Drops the read model and replays the whole log into it. */
export const rebuild = async (log: LogHandle, projector: Projector, options: CatchUpOptions = {}): Promise<CatchUpResult> => {
  await projector.reset();
  const result = await catchUp(log, projector, options);
  return { ...result, rebuilt: true };
};
