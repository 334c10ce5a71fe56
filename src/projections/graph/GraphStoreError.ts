import * as Data from "effect/Data";

export class GraphStoreError extends Data.TaggedError("GraphStoreError")<{
  readonly path: string;
  readonly reason: string;
}> {
  override get message(): string {
    return `graph database ${this.path}: ${this.reason}`;
  }
}

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Kuzu's answer when a checkpoint gave up waiting (5 s) for the transactions running beside it.
 * At a COMMIT it comes after the transaction was committed: only the checkpoint did not happen.
 */
const CHECKPOINT_WAIT = /before checkpointing/i;

export const isCheckpointWait = (e: unknown): boolean => CHECKPOINT_WAIT.test(e instanceof GraphStoreError ? e.reason : errorText(e));
