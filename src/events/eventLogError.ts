/**
 * The log file could not be read or written (a full disk, a read-only file). A plain class with
 * a `_tag`, like VersionConflict: commands return it as a value, and the hooks append without
 * loading the Effect runtime.
 */
export class EventLogError extends Error {
  readonly _tag = "EventLogError" as const;
  readonly reason: string;

  constructor(args: { readonly reason: string; readonly cause?: unknown }) {
    super(args.reason, args.cause === undefined ? undefined : { cause: args.cause });
    this.name = "EventLogError";
    this.reason = args.reason;
  }
}
